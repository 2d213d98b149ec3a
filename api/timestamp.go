package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// timestampLayouts are the ISO 8601 forms a server commonly sends, after
// parseTimestamp has upper-cased the text and put a "T" between date and
// time. Go's time.Parse accepts a fraction of a second after the seconds
// (with "." or ",") even where the layout has none.
var timestampLayouts = []string{
	"2006-01-02T15:04:05Z07:00", // RFC 3339
	"2006-01-02T15:04:05Z0700",
	"2006-01-02T15:04:05Z07",
	"2006-01-02T15:04:05",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04Z0700",
	"2006-01-02T15:04Z07",
	"2006-01-02T15:04",
	"20060102T150405Z07:00",
	"20060102T150405Z0700",
	"20060102T150405Z07",
	"20060102T150405",
	"2006-01-02",
	"20060102",
}

// parseTimestamp reads an ISO 8601 date and time, which the interface
// documents for created_at and last_slug_updated_at: RFC 3339 and the
// common variations of it (lower-case "t" and "z", a space for "T", an
// offset without a colon or minutes, no seconds, a comma before the
// fraction, the basic format without separators, a date alone). A time
// without an offset is taken as UTC, the only sensible reading of a
// server's clock that does not say.
func parseTimestamp(s string) (time.Time, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) > 10 && s[10] == ' ' {
		s = s[:10] + "T" + s[11:]
	}
	for _, layout := range timestampLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return time.Time{}, fmt.Errorf("%q is not an ISO 8601 date and time", s)
}

// timestamp is a time.Time read from any form parseTimestamp accepts.
type timestamp time.Time

// UnmarshalJSON reads a string; null leaves the time as it is.
func (t *timestamp) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return errors.New("a timestamp must be a string")
	}
	parsed, err := parseTimestamp(s)
	if err != nil {
		return err
	}
	*t = timestamp(parsed)
	return nil
}

// UnmarshalJSON reads a version, accepting any ISO 8601 created_at in it,
// its channel and its files. Only Version has the method: a type embedding
// Channel or File (the sandbox's do) would inherit an UnmarshalJSON and
// lose its own fields.
func (v *Version) UnmarshalJSON(b []byte) error {
	type plain Version // without this method, so no recursion
	aux := struct {
		plain
		CreatedAt timestamp   `json:"created_at"`
		Channel   channelWire `json:"channel"`
		Files     []fileWire  `json:"files"`
	}{plain: plain(*v), CreatedAt: timestamp(v.CreatedAt), Channel: newChannelWire(v.Channel)}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	*v = Version(aux.plain)
	v.CreatedAt = time.Time(aux.CreatedAt)
	v.Channel = aux.Channel.channel()
	if aux.Files != nil {
		v.Files = make([]File, len(aux.Files))
		for i, f := range aux.Files {
			v.Files[i] = f.File
			v.Files[i].CreatedAt = time.Time(f.CreatedAt)
		}
	}
	return nil
}

// channelWire is a Channel as sent, its timestamp in any ISO 8601 form.
type channelWire struct {
	Channel
	LastSlugUpdatedAt *timestamp `json:"last_slug_updated_at"`
}

func newChannelWire(c Channel) channelWire {
	return channelWire{c, (*timestamp)(c.LastSlugUpdatedAt)}
}

func (w channelWire) channel() Channel {
	c := w.Channel
	c.LastSlugUpdatedAt = (*time.Time)(w.LastSlugUpdatedAt)
	return c
}

// fileWire is a File as sent, its timestamp in any ISO 8601 form.
type fileWire struct {
	File
	CreatedAt timestamp `json:"created_at"`
}
