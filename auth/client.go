package auth

import "rdash/api"

// APIOptions are the api.Client options the settings ask for, for clients
// made without NewClient (an anonymous one for reading).
func (s Settings) APIOptions() []api.Option {
	opts := []api.Option{api.WithLimits(s.limits())}
	if s.BulkPartSize > 0 {
		opts = append(opts, api.WithBulkPartSize(s.BulkPartSize))
	}
	return opts
}

// NewClient returns an API client for src's server that sends src's token
// (NewHTTPClient) and follows the settings' APIOptions; opts come last, so
// they win.
func NewClient(src *Source, opts ...api.Option) (*api.Client, error) {
	s := src.opts.Settings
	all := append(s.APIOptions(), api.WithHTTPClient(NewHTTPClient(src, nil)))
	return api.New(s.BaseURL, append(all, opts...)...)
}
