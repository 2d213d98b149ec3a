package api

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

// Defaults of the options.
const (
	// DefaultMaxRetries is how many times a GET is retried (WithMaxRetries).
	DefaultMaxRetries = 3
	// DefaultConcurrency is how many bulk requests run at once (WithConcurrency).
	DefaultConcurrency = 4
	// DefaultMaxURLLength bounds a bulk request's URL (WithMaxURLLength).
	DefaultMaxURLLength = 2000
	// DefaultBulkPartSize is the most IDs one bulk request carries
	// (WithBulkPartSize).
	DefaultBulkPartSize = 100
	// DefaultMaxBodyBytes caps a success body (WithMaxBodyBytes).
	DefaultMaxBodyBytes = 32 << 20
	// DefaultUserAgent is the User-Agent header (WithUserAgent).
	DefaultUserAgent = "rdash"
)

// Client talks to the service's API. It is safe for concurrent use.
type Client struct {
	base       *url.URL
	http       *http.Client // as given (it adds the token), with the limits and withRedirectRules
	noRedirect *http.Client // same transport, stops at the first redirect
	anon       *http.Client // for other origins: never carries the token
	userAgent  string

	maxRetries  int
	concurrency int
	// bulkSlots bounds the bulk requests in flight over every call made
	// at once (an undo sends one call per distinct patch), not per call.
	bulkSlots    chan struct{}
	maxURLLength int
	bulkPartSize int
	maxBodyBytes int64
	backoffBase  time.Duration
	backoffMax   time.Duration
	maxRetryWait time.Duration
	limits       Limits

	// pageSizeRefused is the smallest page size of rdash's own choosing
	// the server refused (0: none), so later lists ask its default at
	// once instead of being refused again (refusedPageSize).
	pageSizeRefused atomic.Int64
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient sets the HTTP client, typically one from auth that adds the
// bearer token; the API client never sees the token itself.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.http = hc } }

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// WithMaxRetries bounds how many times a GET is retried after a transport
// error, a 429 or a 5xx (default 3). Changes are never retried.
func WithMaxRetries(n int) Option { return func(c *Client) { c.maxRetries = n } }

// WithConcurrency bounds the bulk requests the client has in flight at
// once, over all its calls (default 4).
func WithConcurrency(n int) Option { return func(c *Client) { c.concurrency = n } }

// WithMaxURLLength bounds the length of a bulk request's URL (default 2000);
// longer ID lists are split into several requests.
func WithMaxURLLength(n int) Option { return func(c *Client) { c.maxURLLength = n } }

// WithBulkPartSize bounds how many IDs one bulk request carries (default
// DefaultBulkPartSize); longer ID lists are split into parts of this size.
// The document states no bound: a server that refuses a part for its
// size gets it again in halves.
func WithBulkPartSize(n int) Option { return func(c *Client) { c.bulkPartSize = n } }

// WithMaxBodyBytes caps a successful response body (default 32 MiB); a
// larger one is ErrResponseTooLarge. Downloads stream and are not capped.
func WithMaxBodyBytes(n int64) Option { return func(c *Client) { c.maxBodyBytes = n } }

// WithRetryBackoff sets the backoff between retries: a random wait up to
// base·2^attempt, at most max (defaults 250ms and 5s), and the longest
// Retry-After the client waits for (default 30s); a 429 asking for longer
// is returned at once as a *RateLimitError.
func WithRetryBackoff(base, max, maxRetryAfter time.Duration) Option {
	return func(c *Client) { c.backoffBase, c.backoffMax, c.maxRetryWait = base, max, maxRetryAfter }
}

// New returns a client for the API at baseURL (for example
// "http://127.0.0.1:8080/api/v1").
func New(baseURL string, opts ...Option) (*Client, error) {
	base, err := url.Parse(baseURL)
	if err != nil {
		return nil, fmt.Errorf("api: base URL: %w", err)
	}
	if (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, errors.New("api: base URL must be an absolute http(s) URL")
	}
	base.Path = strings.TrimSuffix(base.Path, "/")
	base.RawPath, base.RawQuery, base.Fragment = "", "", ""
	c := &Client{
		base: base, http: &http.Client{}, userAgent: DefaultUserAgent,
		maxRetries: DefaultMaxRetries, concurrency: DefaultConcurrency,
		maxURLLength: DefaultMaxURLLength, bulkPartSize: DefaultBulkPartSize, maxBodyBytes: DefaultMaxBodyBytes,
		backoffBase: 250 * time.Millisecond, backoffMax: 5 * time.Second,
		maxRetryWait: 30 * time.Second, limits: DefaultLimits,
	}
	for _, opt := range opts {
		opt(c)
	}
	if err := c.checkOptions(); err != nil {
		return nil, err
	}
	c.bulkSlots = make(chan struct{}, c.concurrency)
	c.http = c.withRedirectRules(withLimits(c.http, c.limits))
	c.noRedirect = stopAtRedirect(c.http)
	c.anon = stopAtRedirect(withLimits(&http.Client{Timeout: c.http.Timeout}, c.limits))
	return c, nil
}

func (c *Client) checkOptions() error {
	switch {
	case c.http == nil:
		return errors.New("api: WithHTTPClient(nil)")
	case c.maxRetries < 0:
		return errors.New("api: WithMaxRetries must be at least 0")
	case c.concurrency < 1:
		return errors.New("api: WithConcurrency must be at least 1")
	case c.maxURLLength < 1:
		return errors.New("api: WithMaxURLLength must be at least 1")
	case c.bulkPartSize < 1:
		return errors.New("api: WithBulkPartSize must be at least 1")
	case c.maxBodyBytes < 1:
		return errors.New("api: WithMaxBodyBytes must be at least 1")
	case c.backoffBase < 0 || c.backoffMax < 0 || c.maxRetryWait < 0:
		return errors.New("api: WithRetryBackoff durations must not be negative")
	case c.limits.Response < 0 || c.limits.Stall < 0 || c.limits.Total < 0:
		return errors.New("api: WithLimits durations must not be negative")
	}
	return nil
}

// stopAtRedirect copies hc (sharing its transport, so the token and the
// connection pool come along) but returns redirects instead of following them.
func stopAtRedirect(hc *http.Client) *http.Client {
	cp := *hc
	cp.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &cp
}

// BaseURL returns the API's base URL.
func (c *Client) BaseURL() *url.URL {
	u := *c.base
	return &u
}

// endpoint returns the URL of the path made of segments, each escaped, so
// an ID holding "/" or "?" stays one segment.
func (c *Client) endpoint(segments ...string) *url.URL {
	escaped := make([]string, len(segments))
	for i, s := range segments {
		escaped[i] = url.PathEscape(s)
	}
	return c.base.JoinPath(escaped...)
}

// Response wraps the HTTP response with the paging metadata of a list.
type Response struct {
	*http.Response
	// Pagination is the metadata the server sent beside a list; nil when absent.
	Pagination *Pagination
	// NextPage is the page to ask for next, or 0 when the list is known to
	// end with this page. With a total (Total) more certainly follow;
	// without one, more only may (paging.go says when an end is known).
	NextPage int

	items int // the list's items on this page, for Total's sanity check
}
