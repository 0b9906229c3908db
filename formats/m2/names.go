package m2

import "fmt"

// animNames is animscope's own table of the common AnimationData.dbc ids (the ids
// every client from 1.x to 3.x agrees on). It is written for animscope, not copied
// from a data file; an id that is not here is named Anim<id>.
var animNames = map[uint16]string{
	0: "Stand", 1: "Death", 2: "Spell", 3: "Stop", 4: "Walk", 5: "Run", 6: "Dead",
	7: "Rise", 8: "StandWound", 9: "CombatWound", 10: "CombatCritical",
	11: "ShuffleLeft", 12: "ShuffleRight", 13: "Walkbackwards", 14: "Stun",
	15: "HandsClosed", 16: "AttackUnarmed", 17: "Attack1H", 18: "Attack2H",
	19: "Attack2HL", 20: "ParryUnarmed", 21: "Parry1H", 22: "Parry2H",
	23: "Parry2HL", 24: "ShieldBlock", 25: "ReadyUnarmed", 26: "Ready1H",
	27: "Ready2H", 28: "Ready2HL", 29: "ReadyBow", 30: "Dodge",
	31: "SpellPrecast", 32: "SpellCast", 33: "SpellCastArea", 34: "NPCWelcome",
	35: "NPCGoodbye", 36: "Block", 37: "JumpStart", 38: "Jump", 39: "JumpEnd",
	40: "Fall", 41: "SwimIdle", 42: "Swim", 43: "SwimLeft", 44: "SwimRight",
	45: "SwimBackwards", 46: "AttackBow", 47: "FireBow", 48: "ReadyRifle",
	49: "AttackRifle", 50: "Loot", 51: "ReadySpellDirected", 52: "ReadySpellOmni",
	53: "SpellCastDirected", 54: "SpellCastOmni", 55: "BattleRoar",
	56: "ReadyAbility", 57: "Special1H", 58: "Special2H", 59: "ShieldBash",
	60: "EmoteTalk", 61: "EmoteEat", 62: "EmoteWork", 63: "EmoteUseStanding",
	64: "EmoteTalkExclamation", 65: "EmoteTalkQuestion", 66: "EmoteBow",
	67: "EmoteWave", 68: "EmoteCheer", 69: "EmoteDance", 70: "EmoteLaugh",
	71: "EmoteSleep", 72: "EmoteSitGround", 73: "EmoteRude", 74: "EmoteRoar",
	75: "EmoteKneel", 76: "EmoteKiss", 77: "EmoteCry", 78: "EmoteChicken",
	79: "EmoteBeg", 80: "EmoteApplaud", 81: "EmoteShout", 82: "EmoteFlex",
	83: "EmoteShy", 84: "EmotePoint", 85: "Attack1HPierce",
	86: "Attack2HLoosePierce", 87: "AttackOff", 88: "AttackOffPierce",
	89: "Sheath", 90: "HipSheath", 91: "Mount", 92: "RunRight", 93: "RunLeft",
	94: "MountSpecial", 95: "Kick", 96: "SitGroundDown", 97: "SitGround",
	98: "SitGroundUp", 99: "SleepDown", 100: "Sleep", 101: "SleepUp",
	102: "SitChairLow", 103: "SitChairMed", 104: "SitChairHigh", 105: "LoadBow",
	106: "LoadRifle", 107: "AttackThrown", 108: "ReadyThrown", 109: "HoldBow",
	110: "HoldRifle", 111: "HoldThrown", 112: "LoadThrown", 113: "EmoteSalute",
	114: "KneelStart", 115: "KneelLoop", 116: "KneelEnd", 117: "AttackUnarmedOff",
	118: "SpecialUnarmed", 119: "StealthWalk", 120: "StealthStand",
	121: "Knockdown", 122: "EatingLoop", 123: "UseStandingLoop",
	124: "ChannelCastDirected", 125: "ChannelCastOmni", 126: "Whirlwind",
	127: "Birth", 128: "UseStandingStart", 129: "UseStandingEnd",
	130: "CreatureSpecial", 131: "Drown", 132: "Drowned", 133: "FishingCast",
	134: "FishingLoop", 135: "Fly", 143: "Sprint", 145: "Spawn", 146: "Close",
	147: "Closed", 148: "Open", 149: "Opened", 150: "Destroy", 151: "Destroyed",
	152: "Rebuild", 157: "Despawn", 158: "Hold", 159: "Decay", 190: "StandHigh",
}

// animationName is the name of an AnimationData id: the built-in table's name, or
// Anim<id> for an id that is not in it.
func animationName(id uint16) string {
	if n, ok := animNames[id]; ok {
		return n
	}
	return fmt.Sprintf("Anim%d", id)
}

// ClipName is a sequence's clip name: animationName(id), followed by .<variation> when
// the variation is not 0 (FORMAT.md §8).
func ClipName(id, variation uint16) string {
	if variation == 0 {
		return animationName(id)
	}
	return fmt.Sprintf("%s.%d", animationName(id), variation)
}

// keyBoneNames are the key-bone ids of FORMAT.md §4.3.
var keyBoneNames = [...]string{
	"ArmL", "ArmR", "ShoulderL", "ShoulderR", "SpineLow", "Waist", "Head", "Jaw",
	"IndexFingerR", "MiddleFingerR", "PinkyFingerR", "RingFingerR", "ThumbR",
	"IndexFingerL", "MiddleFingerL", "PinkyFingerL", "RingFingerL", "ThumbL",
	"BTH", "CSR", "CSL", "Breath", "Name", "NameMount", "CHD", "CCH", "Root",
	"Wheel1", "Wheel2", "Wheel3", "Wheel4", "Wheel5", "Wheel6", "Wheel7", "Wheel8",
}

// keyBoneName is the name of a key-bone id, "" for −1, and KeyBone<id> for an id
// past the table.
func keyBoneName(id int32) string {
	switch {
	case id < 0:
		return ""
	case int(id) < len(keyBoneNames):
		return keyBoneNames[id]
	default:
		return fmt.Sprintf("KeyBone%d", id)
	}
}
