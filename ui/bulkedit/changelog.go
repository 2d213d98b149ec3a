package bulkedit

import "rdash/ui/common"

// changelogWords are the changelog editor's: an empty one clears every
// version's changelog.
var changelogWords = common.ChangelogWords{
	Placeholder: "The changelog, in Markdown. An empty one clears the changelog.",
	Empty:       "(empty: the changelog will be cleared)",
	Cache:       "bulk-changelog",
}
