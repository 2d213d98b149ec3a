package main

// helloRSS is the Bubble Tea hello world's peak RSS, the reference of the
// RSS figure; the first-frame figure measures it.
var helloRSS float64

// rssFigure is the dashboard's peak RSS after the paging figure loaded
// every version.
func rssFigure(versions int, at string, rss []float64) figure {
	f := figure{Key: "rss", What: "RSS after paging " + commas(versions) + " versions", Unit: "MB",
		Measured: median(rss), Samples: rss, Reference: helloRSS, RefWhat: "Bubble Tea hello world", Budget: "<= 60 MB",
		Note: "VmHWM (peak RSS) of the rdash child from /proc after the last page" + at}
	f.absBudget(60)
	return f
}
