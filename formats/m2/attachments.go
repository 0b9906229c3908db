package m2

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// attachment is one attachment point (FORMAT.md §4.5.1): where the client hangs an
// item model (a weapon in the right hand, a helm on the head). Bone is the file
// bone; Position the point in the model's bind space (real files put it at or
// near the bone's pivot), so that the bone's model matrix times T(Position)
// places the item in the pose.
type attachment struct {
	ID       uint32     `json:"id"`
	Name     string     `json:"name"`
	Bone     int        `json:"bone"`
	Position mgl32.Vec3 `json:"position"`
}

// attachmentNames are the client's attachment ids (the attachment lookup's
// index): 0 Shield (also the mount point and item visual 0), 1 HandRight, ...
var attachmentNames = [...]string{
	"Shield", "HandRight", "HandLeft", "ElbowRight", "ElbowLeft", "ShoulderRight", "ShoulderLeft",
	"KneeRight", "KneeLeft", "HipRight", "HipLeft", "Helm", "Back", "ShoulderFlapRight",
	"ShoulderFlapLeft", "ChestBloodFront", "ChestBloodBack", "Breath", "PlayerName", "Base", "Head",
	"SpellLeftHand", "SpellRightHand", "Special1", "Special2", "Special3", "SheathMainHand",
	"SheathOffHand", "SheathShield", "PlayerNameMounted", "LargeWeaponLeft", "LargeWeaponRight",
	"HipWeaponLeft", "HipWeaponRight", "Chest", "HandArrow", "Bullet", "SpellHandOmni",
	"SpellHandDirected", "VehicleSeat1", "VehicleSeat2", "VehicleSeat3", "VehicleSeat4",
	"VehicleSeat5", "VehicleSeat6", "VehicleSeat7", "VehicleSeat8", "LeftFoot", "RightFoot",
	"ShieldNoGlove", "SpineLow", "AlteredShoulderR", "AlteredShoulderL", "BeltBuckle",
	"SheathCrossbow", "HeadTop", "VirtualSpellDirected",
}

// attachmentName is the client's name of attachment id ("Attachment<id>" past
// the table).
func attachmentName(id uint32) string {
	if int(id) < len(attachmentNames) {
		return attachmentNames[id]
	}
	return fmt.Sprintf("Attachment%d", id)
}

// attachments reads the attachment records: u32 id, u16 bone, u16 (unknown),
// C3 position, then the "animate attached" track (48 bytes before 264, 40 from
// 264; the counts and the track were checked by counts and recordArrays).
func (d *decoder) attachments(lay *layout, nBones int) error {
	b := &d.m2
	a, err := b.arr(lay.attachments, "attachments", lay.attachSize)
	if err != nil {
		return err
	}
	if err := d.spend(b, lay.attachments, uint64(a.count), "attachments"); err != nil {
		return err
	}
	out := make([]attachment, 0, a.count)
	for i := 0; i < int(a.count); i++ {
		o := a.at(i)
		at := attachment{ID: b.u32(o), Bone: int(b.u16(o + 4))}
		at.Name = attachmentName(at.ID)
		at.Position = mgl32.Vec3{b.f32(o + 8), b.f32(o + 12), b.f32(o + 16)}
		if !finite(at.Position[:]...) {
			return b.errf(int64(o+8), "attachment %d (%s): position %v is not a finite coordinate", i, at.Name, at.Position)
		}
		if at.Bone >= nBones {
			d.warnf(b, int64(o+4), "attachment %d (%s): bone %d is out of range (%d bones); the point is left out", i, at.Name, at.Bone, nBones)
			continue
		}
		out = append(out, at)
	}
	d.details.Attachments = out
	return nil
}

// AttachmentPointNames lists the points' names in file order
// (formats.AttachmentPoints).
func (det *Details) AttachmentPointNames() []string {
	out := make([]string, len(det.Attachments))
	for i, a := range det.Attachments {
		out[i] = a.Name
	}
	return out
}

// AttachmentPoint finds the point sel names: a client name (HandRight, any
// case) or an id; the first record with that id wins, as the client's
// attachment lookup keeps one per id. It returns the point's skeleton node
// (its bone's), its offset and its name (formats.AttachmentPoints).
func (det *Details) AttachmentPoint(sel string) (node int, offset mgl32.Vec3, name string, err error) {
	id, numErr := strconv.ParseUint(sel, 10, 32)
	for _, a := range det.Attachments {
		if (numErr == nil && uint64(a.ID) == id) || (numErr != nil && strings.EqualFold(a.Name, sel)) {
			return det.Bones[a.Bone].Node, a.Position, a.Name, nil
		}
	}
	var names []string
	for _, a := range det.Attachments {
		names = append(names, fmt.Sprintf("%s (%d)", a.Name, a.ID))
	}
	if len(names) == 0 {
		return 0, mgl32.Vec3{}, "", fmt.Errorf("attachment point %q: the model has no attachment points", sel)
	}
	return 0, mgl32.Vec3{}, "", fmt.Errorf("attachment point %q: not in the model (it has %s)", sel, strings.Join(names, ", "))
}
