package bulkedit

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"rdash/api"
	"rdash/internal/safe"
	"rdash/ui/common"
)

// The Channel field offers the channels of the versions seen, and, last,
// a channel typed by slug or ID: the interface has no list of a
// project's channels, so one without a version seen (a new or an empty
// channel, such as lts) can only be typed. The server judges it; the
// preview says when rdash could not check it (bulk.ResolveChannel).

// chanMode is the Channel field's choice.
var chanMode = target{field: fieldChannel}

// typedChoice names the choice of a typed channel.
const typedChoice = "slug or ID"

// channelPos is the choice shown: 0 keeps, 1…n are the channels seen,
// n+1 is a channel typed.
func (f *form) channelPos() int {
	if f.chanTyped {
		return len(f.channels) + 1
	}
	return f.channel
}

// setChannelPos chooses pos (see channelPos). The typed choice is kept
// apart from the index, which new channels seen would move.
func (f *form) setChannelPos(pos int) {
	f.chanTyped = pos == len(f.channels)+1
	f.channel = 0
	if !f.chanTyped {
		f.channel = pos
	}
}

// channelRef is the channel the edit moves to, as sent: a channel seen
// by its ID (typed by its slug or its ID), anything else typed as it is;
// nil keeps the channel.
func (f *form) channelRef() *string {
	switch {
	case f.chanTyped:
		ref := strings.TrimSpace(f.chanText.Value())
		if ch, ok := f.seenChannel(ref); ok {
			return api.Ptr(ch.ID)
		}
		return api.Ptr(ref)
	case f.channel > 0:
		return api.Ptr(f.channels[f.channel-1].ID)
	}
	return nil
}

// unseenChannel is the channel typed when it is none of the channels
// seen, so the task asks the server for it; "" otherwise.
func (f *form) unseenChannel() string {
	ref := strings.TrimSpace(f.chanText.Value())
	if _, ok := f.seenChannel(ref); !f.chanTyped || ok || ref == "" {
		return ""
	}
	return ref
}

func (f *form) seenChannel(ref string) (api.Channel, bool) {
	i := slices.IndexFunc(f.channels, func(c api.Channel) bool { return c.ID == ref || c.Slug == ref })
	if i < 0 {
		return api.Channel{}, false
	}
	return f.channels[i], true
}

// channelError is why a typed channel cannot be sent: nothing typed.
func (f *form) channelError() string {
	if f.chanTyped && strings.TrimSpace(f.chanText.Value()) == "" {
		return "Channel: type the slug or the ID of a channel of the project, or choose keep"
	}
	return ""
}

func (f *form) channelLine() line {
	value := "keep"
	switch {
	case f.chanTyped:
		value = typedChoice
	case f.channel > 0:
		value = safe.Line(f.channels[f.channel-1].Slug)
	}
	l := line{targets: []target{chanMode}, text: f.label("Channel") + f.choice(chanMode, value, choiceWidth)}
	switch {
	case f.chanTyped:
		l.targets = append(l.targets, target{field: fieldChannel, part: partText})
		l.text += "  " + inputView(&f.chanText, f.fieldInputWidth())
	case f.focus == chanMode:
		room := f.width - ansi.StringWidth(l.text) - 2
		l.text += f.s.Muted.Render("  " + common.JoinFit(f.channelChoices(), " · ", room))
	}
	return l
}

// channelChoices are the choices after keep, for the focused field: the
// channels seen, then the typed one; those the line has no room for are
// left out whole.
func (f *form) channelChoices() []string {
	names := make([]string, 0, len(f.channels)+1)
	for _, c := range f.channels {
		names = append(names, safe.Line(c.Slug))
	}
	return append(names, typedChoice+" (typed)")
}
