package api

import (
	"context"
	"net/http"
)

// Me is the user ID that stands for the signed-in user.
const Me = "@me"

// GetUser returns a user by ID or username, or the signed-in user for Me.
// Not in the interface document; the real service and the sandbox answer it.
// GET /users/{userId}
func (c *Client) GetUser(ctx context.Context, userID string) (*User, *Response, error) {
	if err := validatePathID("userId", userID); err != nil {
		return nil, nil, err
	}
	req, err := c.newRequest(ctx, http.MethodGet, c.endpoint("users", userID), nil, "")
	if err != nil {
		return nil, nil, err
	}
	return getOne[User](ctx, c, req)
}

// ListUserProjects lists the projects a user owns or whose organization
// they belong to, every page of them; userID may be Me. GET /users/{userId}/projects
func (c *Client) ListUserProjects(ctx context.Context, userID string) ([]Project, *Response, error) {
	if err := validatePathID("userId", userID); err != nil {
		return nil, nil, err
	}
	return getAll[Project](ctx, c, c.endpoint("users", userID, "projects"), func(x Project) string { return x.ID })
}
