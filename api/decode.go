package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// doJSON sends req and returns the "data" of its body. It accepts the
// sandbox's {"data": …, "pagination": …} envelope and also a bare object or
// array, since the interface leaves the envelope unspecified.
func (c *Client) doJSON(ctx context.Context, req *http.Request) (json.RawMessage, *Response, error) {
	var data json.RawMessage
	var pg *Pagination
	resp, err := c.do(ctx, c.http, req, func(resp *http.Response) error {
		if resp.StatusCode >= 300 {
			return c.unfollowed(req, resp)
		}
		body, err := c.readBody(req, resp)
		if err != nil {
			return err
		}
		if err := c.checkJSON(req, resp, body); err != nil {
			return err
		}
		data, pg, err = unwrapEnvelope(body)
		if err != nil {
			return malformed(req, err)
		}
		return nil
	})
	return data, newResponse(resp, pg), err
}

// getOne decodes the data of req's response as one T.
func getOne[T any](ctx context.Context, c *Client, req *http.Request) (*T, *Response, error) {
	data, resp, err := c.doJSON(ctx, req)
	if err != nil {
		return nil, resp, err
	}
	if isNull(data) {
		return nil, resp, malformed(req, errors.New("no data in the response"))
	}
	v := new(T)
	if err := json.Unmarshal(data, v); err != nil {
		return nil, resp, malformed(req, err)
	}
	if err := checkWire(v, "data"); err != nil {
		return nil, resp, malformed(req, err)
	}
	return v, resp, nil
}

// getMany decodes the data of req's response as a list of T; a single
// object counts as a list of one, as some servers answer bulk changes so.
func getMany[T any](ctx context.Context, c *Client, req *http.Request) ([]T, *Response, error) {
	data, resp, err := c.doJSON(ctx, req)
	if err != nil {
		return nil, resp, err
	}
	if isNull(data) {
		return []T{}, resp, nil
	}
	list, err := decodeList[T](req, data)
	if err != nil {
		return nil, resp, err
	}
	resp.items = len(list)
	return list, resp, nil
}

// decodeList decodes data, an array or one object, as a list of T and
// checks each against the document's limits.
func decodeList[T any](req *http.Request, data json.RawMessage) ([]T, error) {
	var list []T
	var err error
	if data[0] == '{' {
		list = make([]T, 1)
		err = json.Unmarshal(data, &list[0])
	} else {
		err = json.Unmarshal(data, &list)
	}
	if err != nil {
		return nil, malformed(req, err)
	}
	for i := range list {
		if err := checkWire(&list[i], fmt.Sprintf("data[%d]", i)); err != nil {
			return nil, malformed(req, err)
		}
	}
	return list, nil
}

// doNoContent sends req and ignores any body of a success, so 201, 200
// with a body and 204 without one all do.
func (c *Client) doNoContent(ctx context.Context, req *http.Request) (*Response, error) {
	resp, err := c.do(ctx, c.http, req, func(resp *http.Response) error {
		if resp.StatusCode >= 300 {
			return c.unfollowed(req, resp)
		}
		_, err := c.readBody(req, resp)
		return err
	})
	return newResponse(resp, nil), err
}

func newResponse(resp *http.Response, pg *Pagination) *Response {
	if resp == nil {
		return nil
	}
	return &Response{Response: resp, Pagination: pg}
}

// readBody reads and closes a success body, refusing one past the cap so a
// broken or hostile server cannot exhaust memory.
func (c *Client) readBody(req *http.Request, resp *http.Response) ([]byte, error) {
	defer resp.Body.Close()
	if resp.ContentLength > c.maxBodyBytes {
		return nil, c.tooLarge(req)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBodyBytes+1))
	var te *TimeoutError
	switch {
	case errors.As(err, &te): // not retried, as in once
		return nil, te
	case err != nil:
		return nil, &transportError{req.Method, req.URL.EscapedPath(), err, true}
	}
	if int64(len(body)) > c.maxBodyBytes {
		return nil, c.tooLarge(req)
	}
	return body, nil
}

func (c *Client) tooLarge(req *http.Request) error {
	return fmt.Errorf("%s %s: %w (limit %d bytes)", req.Method, req.URL.EscapedPath(), ErrResponseTooLarge, c.maxBodyBytes)
}

// malformed is a success answer whose body is not what the endpoint
// documents. To a change it is ErrMaybeApplied too: the server said the
// change went through.
func malformed(req *http.Request, err error) error {
	err = fmt.Errorf("%s %s: %w: %w", req.Method, req.URL.EscapedPath(), ErrMalformedResponse, err)
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		err = fmt.Errorf("%w (%w)", err, ErrMaybeApplied)
	}
	return err
}

// unwrapEnvelope returns the data and pagination of a body.
func unwrapEnvelope(body []byte) (json.RawMessage, *Pagination, error) {
	body = bytes.TrimSpace(body)
	switch {
	case len(body) == 0:
		return nil, nil, nil
	case body[0] == '[':
		return body, nil, nil
	case body[0] != '{':
		return nil, nil, errors.New("the body is not a JSON object or array")
	}
	var env struct {
		Data       json.RawMessage `json:"data"`
		Pagination *Pagination     `json:"pagination"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		return nil, nil, err
	}
	if env.Data == nil {
		return body, nil, nil
	}
	return env.Data, env.Pagination, nil
}

func isNull(data json.RawMessage) bool {
	return len(data) == 0 || string(data) == "null"
}
