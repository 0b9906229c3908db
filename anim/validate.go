package anim

import "fmt"

// ValidateSample says whether p and req fit s for Sample: a valid skeleton, a
// clip to sample (A, unless the rest pose is asked for), a blend side B only
// beside an A, clips bound to a skeleton of this size (BoundClip), and p's buffers holding at least one entry per skeleton node (Local always, Probes when
// req.Probes, ProbesB too when that request blends). It returns an error naming
// what does not fit, so a caller checks once where it builds or changes a request
// instead of catching a sampler's index panic every frame. It allocates nothing
// when everything fits.
func (p *Pose) ValidateSample(s *Skeleton, req *PoseRequest) error {
	if s == nil {
		return fmt.Errorf("pose: no skeleton")
	}
	if err := s.Validate(); err != nil {
		return fmt.Errorf("pose: %w", err)
	}
	if req == nil {
		return fmt.Errorf("pose: no request")
	}
	if !req.Rest {
		if req.A == nil {
			return fmt.Errorf("pose: no clip A to sample")
		}
	}
	n := s.Len()
	check := func(what string, got int) error {
		if got < n {
			return fmt.Errorf("pose: %d %s entries for %d skeleton nodes", got, what, n)
		}
		return nil
	}
	if err := check("local", len(p.Local)); err != nil {
		return err
	}
	if !req.Rest {
		if err := checkBound("A", req.A, n); err != nil {
			return err
		}
		if req.B != nil {
			if err := checkBound("B", req.B, n); err != nil {
				return err
			}
		}
	}
	if req.Probes {
		if err := check("probe", len(p.Probes)); err != nil {
			return err
		}
		if req.B != nil && !req.Rest {
			if err := check("side-B probe", len(p.ProbesB)); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkBound refuses a clip bound to a skeleton of another size than n nodes
// (BoundClip): sampled into this pose it would write past the buffers, or leave
// nodes it does not know unwritten.
func checkBound(side string, c Clip, n int) error {
	b, ok := c.(BoundClip)
	if !ok {
		return nil
	}
	if got := b.BoundNodes(); got > 0 && got != n {
		return fmt.Errorf("pose: clip %s %q is bound to %d nodes; the skeleton has %d", side, c.Info().Name, got, n)
	}
	return nil
}

// Validate says whether p and req fit s for Evaluate: what ValidateSample checks,
// and the model and skin buffers holding one entry per node.
func (p *Pose) Validate(s *Skeleton, req *PoseRequest) error {
	if err := p.ValidateSample(s, req); err != nil {
		return err
	}
	n := s.Len()
	if len(p.Model) < n {
		return fmt.Errorf("pose: %d model entries for %d skeleton nodes", len(p.Model), n)
	}
	if len(p.Skin) < n {
		return fmt.Errorf("pose: %d skin entries for %d skeleton nodes", len(p.Skin), n)
	}
	return nil
}
