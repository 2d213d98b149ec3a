package common

import (
	"testing"
	"time"
)

func TestMeter(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := NewMeter(func() time.Time { return at }, 100)
	if d, tot, el := m.Snapshot(); d != 0 || tot != 100 || el != 0 {
		t.Errorf("before Start: %d of %d in %s", d, tot, el)
	}
	m.Start(at.Add(-2 * time.Second))
	m.Add(10)
	m.Add(5)
	if d, tot, el := m.Snapshot(); d != 15 || tot != 100 || el != 2*time.Second {
		t.Errorf("after Add: %d of %d in %s", d, tot, el)
	}
	m.Set(40, 0)
	if d, tot, _ := m.Snapshot(); d != 40 || tot != 100 {
		t.Errorf("Set with no total: %d of %d", d, tot)
	}
	m.Set(50, 200)
	if d, tot, _ := m.Snapshot(); d != 50 || tot != 200 {
		t.Errorf("Set: %d of %d", d, tot)
	}
	m.StartNow()
	if _, _, el := m.Snapshot(); el != 0 {
		t.Errorf("StartNow: %s elapsed", el)
	}
}
