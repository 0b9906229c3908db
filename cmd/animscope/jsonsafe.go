package main

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
)

// jsonSafe returns v as plain JSON values (maps, slices, numbers, strings) with
// every NaN or infinite float replaced by null. inspect uses it only when v cannot
// be encoded as it is: a decoder's Details may carry a field the file filled with
// a non-float bit pattern (an MSH slot's area? and volume? readings), and such a
// file must still be described, not fail with a bare "json: unsupported value".
func jsonSafe(v any) any { return safeValue(reflect.ValueOf(v)) }

var marshalerType = reflect.TypeFor[json.Marshaler]()

func safeValue(v reflect.Value) any {
	if !v.IsValid() {
		return nil
	}
	if v.Type().Implements(marshalerType) && (v.Kind() != reflect.Pointer || !v.IsNil()) {
		if b, err := v.Interface().(json.Marshaler).MarshalJSON(); err == nil {
			return json.RawMessage(b)
		}
	}
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil
		}
		return v.Interface()
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return safeValue(v.Elem())
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		fallthrough
	case reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 && v.Kind() == reflect.Slice {
			return v.Interface() // []byte: base64, as encoding/json writes it
		}
		out := make([]any, v.Len())
		for i := range out {
			out[i] = safeValue(v.Index(i))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return nil
		}
		out := make(map[string]any, v.Len())
		it := v.MapRange()
		for it.Next() {
			k, err := json.Marshal(it.Key().Interface())
			if err != nil {
				continue
			}
			key := strings.Trim(string(k), `"`)
			out[key] = safeValue(it.Value())
		}
		return out
	case reflect.Struct:
		return safeStruct(v)
	}
	return v.Interface()
}

// safeStruct follows encoding/json's rules for the fields it writes: exported
// fields, the json tag's name, "-" and omitempty, embedded structs flattened.
func safeStruct(v reflect.Value) map[string]any {
	out := map[string]any{}
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() && !sf.Anonymous {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		fv := v.Field(i)
		if sf.Anonymous && name == "" {
			if fv.Kind() == reflect.Pointer {
				if fv.IsNil() {
					continue
				}
				fv = fv.Elem()
			}
			if fv.Kind() == reflect.Struct {
				for k, x := range safeStruct(fv) {
					out[k] = x
				}
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		if strings.Contains(","+opts+",", ",omitempty,") && fv.IsZero() && fv.Kind() != reflect.Struct {
			continue
		}
		out[name] = safeValue(fv)
	}
	return out
}
