package swg

// KidRef names one block found inside a form, for CheckOrder.
type KidRef struct {
	Form bool
	ID   string
}

// OrderIssue is one place where the blocks of a form depart from its layout.
// Missing is set for a required block that is absent (At is the index of the kid
// it should come before, or len(kids) when it belongs at the end); otherwise kid
// At is not expected where it is.
type OrderIssue struct {
	At      int
	Missing *Block
}

// CheckOrder matches the blocks found inside a form against the form's layout, in
// order, and returns the required blocks that are missing and the blocks that are
// unknown or out of place. Matched[i] is the layout of kid i (nil when it has none).
func CheckOrder(f *FormLayout, kids []KidRef) (issues []OrderIssue, matched []*Block) {
	matched = make([]*Block, len(kids))
	if f.Versions {
		// Exactly one version form (the newest is named when none is there).
		if len(kids) == 0 && len(f.Kids) > 0 {
			issues = append(issues, OrderIssue{At: 0, Missing: &f.Kids[len(f.Kids)-1]})
		}
		for i, k := range kids {
			if b := f.Find(k.Form, k.ID); b != nil && i == 0 {
				matched[i] = b
			} else {
				issues = append(issues, OrderIssue{At: i})
			}
		}
		return issues, matched
	}
	p := 0     // next layout kid
	used := -1 // the layout kid the previous block matched (a Many kid may repeat)
	for i, k := range kids {
		found := -1
		for j := p; j < len(f.Kids); j++ {
			if f.Kids[j].IsForm() == k.Form && f.Kids[j].ID() == k.ID {
				found = j
				break
			}
		}
		if found < 0 {
			// A repeated kid earlier in the layout may interleave with a later one
			// (SLOD's inline SKTM forms and NAME references).
			for j := 0; j < p; j++ {
				if f.Kids[j].Many && f.Kids[j].IsForm() == k.Form && f.Kids[j].ID() == k.ID {
					found = j
					break
				}
			}
			if found < 0 {
				issues = append(issues, OrderIssue{At: i})
				continue
			}
			matched[i] = &f.Kids[found]
			used = found
			continue
		}
		for j := p; j < found; j++ {
			if !f.Kids[j].Optional && j != used {
				issues = append(issues, OrderIssue{At: i, Missing: &f.Kids[j]})
			}
		}
		matched[i] = &f.Kids[found]
		used = found
		if f.Kids[found].Many {
			p = found
		} else {
			p = found + 1
		}
	}
	for j := p; j < len(f.Kids); j++ {
		if !f.Kids[j].Optional && j != used {
			issues = append(issues, OrderIssue{At: len(kids), Missing: &f.Kids[j]})
		}
	}
	return issues, matched
}
