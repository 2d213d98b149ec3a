package download

// saveMode is what a download does with a file already there.
type saveMode int

const (
	modeAsk       saveMode = iota // stop and ask (stageExists)
	modeOverwrite                 // replace it
	modeKeepBoth                  // save beside it, "name (1).jar"
)

// existsMsg stops a download before it begins: a file of that name is
// in the directory (free is where keeping both would save).
type existsMsg struct {
	run        *transfer
	dest, free string
}

// askExists stops at a file already there, to ask what to do with it.
func (m *Model) askExists(msg existsMsg) {
	if msg.run != m.run {
		return
	}
	m.stage, m.exists, m.free = stageExists, msg.dest, msg.free
}
