package account

import (
	"context"

	"rdash/api"
)

// Client is the part of the API client the account screen uses: who
// the server says is signed in. *api.Client satisfies it.
type Client interface {
	GetUser(ctx context.Context, userID string) (*api.User, *api.Response, error)
}
