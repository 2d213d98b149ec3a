package api

import "context"

// bulkStopKey is the context key of the channel set by WithBulkStop.
type bulkStopKey struct{}

// WithBulkStop returns a copy of ctx under which UpdateVersions and
// DeleteVersions send no further part ("request") of a bulk change once
// stop is closed: the parts under way end as they would, so what came of
// them is known, and every part not yet sent fails without being sent
// (ErrNoResponse, never ErrMaybeApplied), as when ctx ends before it.
// Cancelling ctx instead would cut off the parts under way too, whose
// outcome would then be unknown. The dashboard stops a bulk edit so.
func WithBulkStop(ctx context.Context, stop <-chan struct{}) context.Context {
	return context.WithValue(ctx, bulkStopKey{}, stop)
}

// unlessStopped is ctx for a part about to be sent, or, once the change's
// stop is closed, a copy of ctx already ended, under which it is not sent.
func unlessStopped(ctx context.Context) context.Context {
	stop, _ := ctx.Value(bulkStopKey{}).(<-chan struct{})
	select {
	case <-stop: // a nil channel never is
		ended, cancel := context.WithCancel(ctx)
		cancel()
		return ended
	default:
		return ctx
	}
}
