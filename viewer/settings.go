package viewer

import (
	"encoding/json"
	"os"
	"path/filepath"

	"animscope/formats"
	"animscope/formats/atomicfile"
)

// Settings are the viewer's preferences that are neither the layout nor the
// recent lists: settings.json beside them in the user's config directory.
type Settings struct {
	// FileDialog is which file dialogs the viewer shows (DialogChoices; "" is
	// auto).
	FileDialog string `json:"file_dialog,omitempty"`
	// Path is where Save writes ("": nothing is saved).
	Path string `json:"-"`
}

// DefaultSettingsPath is os.UserConfigDir()/animscope/settings.json, or "" when
// the system has no config directory.
func DefaultSettingsPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "animscope", "settings.json")
}

// maxSettingsFile bounds the read: the file is a few dozen bytes.
const maxSettingsFile = 64 << 10

// LoadSettings reads the settings at path; a missing, oversized or corrupt
// file gives the defaults (with Path set, so that a save replaces it).
func LoadSettings(path string) Settings {
	s := Settings{Path: path}
	if path == "" {
		return s
	}
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() || st.Size() > maxSettingsFile {
		return s
	}
	data, err := formats.ReadFile(path)
	if err != nil {
		return s
	}
	var got Settings
	if json.Unmarshal(data, &got) != nil {
		return s
	}
	got.Path = path
	return got
}

// Save writes the settings to Path atomically; no path, nothing written.
func (s Settings) Save() error {
	if s.Path == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(s.Path, append(data, '\n'))
}
