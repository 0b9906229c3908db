package vca

import (
	"fmt"
	"math"
)

// Type sets: what a compiled expression may produce.
const (
	tsNum   = 1
	tsTrue  = 2
	tsFalse = 4
	tsNil   = 8

	tsTruthy = tsNum | tsTrue
	tsFalsy  = tsFalse | tsNil
	tsBool   = tsTrue | tsFalse
)

// cexpr is a compiled sub-expression. val always works; num is set when the
// expression can only produce a number (ts == tsNum).
type cexpr struct {
	ts    int
	num   numFn
	val   valFn
	konst bool // no dependence on t, keys or the random generator
}

// exprMode says which names an expression sees.
type exprMode int

const (
	modeLine  exprMode = iota // t (seconds), m, intensity
	modeCurve                 // kl, kr (.frame, .value) and t (the fraction u)
	modeFrame                 // the frame expression t*fps % period: t only
)

// compiler turns a parsed expression into closures.
type compiler struct {
	mode     exprMode
	usesRand bool
	usesTime bool
	// engineMissing lists names animscope evaluates although the engine at the
	// reference commit lacks them (e, rand, noise2d).
	engineMissing []string
}

func (c *compiler) semantic(pos int, format string, args ...any) {
	panic(exprErr{&ExprError{Pos: pos, Msg: fmt.Sprintf(format, args...), Semantic: true}})
}

func (c *compiler) missing(name string) {
	for _, n := range c.engineMissing {
		if n == name {
			return
		}
	}
	c.engineMissing = append(c.engineMissing, name)
}

func typeName(ts int) string {
	switch {
	case ts&tsNil != 0 && ts&^tsNil == 0:
		return "nil"
	case ts&tsBool != 0 && ts&^tsBool == 0:
		return "boolean"
	}
	return "non-number"
}

func numC(f numFn, konst bool) cexpr {
	return cexpr{ts: tsNum, num: f, val: func(e *env) value { return value{f(e), kNum} }, konst: konst}
}

func constNum(v float64) cexpr {
	return numC(func(*env) float64 { return v }, true)
}

func constVal(v value) cexpr {
	if v.k == kNum {
		return constNum(v.n)
	}
	ts := tsNil
	if v.k == kBool {
		ts = tsFalse
		if v.n != 0 {
			ts = tsTrue
		}
	}
	return cexpr{ts: ts, val: func(*env) value { return v }, konst: true}
}

// fold replaces a constant expression by its value (when evaluating it raises no
// runtime error).
func fold(x cexpr) cexpr {
	if !x.konst {
		return x
	}
	var e env
	v := x.val(&e)
	if e.err {
		return x
	}
	return constVal(v)
}

// asNum gives a numeric closure for x, checking at run time when x may also be a
// non-number, and failing at load when it never is a number.
func (c *compiler) asNum(x cexpr, pos int, what string) numFn {
	if x.ts == tsNum {
		return x.num
	}
	if x.ts&tsNum == 0 {
		c.semantic(pos, "attempt to %s a %s value", what, typeName(x.ts))
	}
	f := x.val
	return func(e *env) float64 {
		v := f(e)
		if v.k != kNum {
			e.err = true
			return math.NaN()
		}
		return v.n
	}
}

func luaMod(a, b float64) float64 { return a - float64(math.Floor(a/b)*b) }

func (c *compiler) compile(n *node) cexpr {
	switch n.op {
	case "num":
		return constNum(n.num)
	case "bool":
		return constVal(boolV(n.num != 0))
	case "nil":
		return constVal(value{k: kNil})
	case "paren":
		return c.compile(n.args[0])
	case "name":
		return c.name(n)
	case "field":
		return c.field(n)
	case "call":
		return c.call(n)
	case "neg":
		x := c.compile(n.args[0])
		a := c.asNum(x, n.args[0].pos, "perform arithmetic on")
		return fold(numC(func(e *env) float64 { return -a(e) }, x.konst))
	case "not":
		x := c.compile(n.args[0])
		f := x.val
		return fold(cexpr{ts: tsBool, val: func(e *env) value { return boolV(!f(e).truthy()) }, konst: x.konst})
	case "#":
		c.semantic(n.pos, "attempt to get length of a %s value", "number")
	case "and", "or":
		return c.logic(n)
	case "==", "~=", "<", "<=", ">", ">=":
		return c.compare(n)
	case "+", "-", "*", "/", "%", "^":
		return c.arith(n)
	case "..":
		c.semantic(n.pos, "'..' is not allowed")
	}
	c.semantic(n.pos, "unsupported expression")
	return cexpr{}
}

func (c *compiler) arith(n *node) cexpr {
	xa, xb := c.compile(n.args[0]), c.compile(n.args[1])
	a := c.asNum(xa, n.args[0].pos, "perform arithmetic on")
	b := c.asNum(xb, n.args[1].pos, "perform arithmetic on")
	konst := xa.konst && xb.konst
	var f numFn
	switch n.op {
	case "+":
		f = func(e *env) float64 { x := a(e); return x + b(e) }
	case "-":
		f = func(e *env) float64 { x := a(e); return x - b(e) }
	case "*":
		f = func(e *env) float64 { x := a(e); return x * b(e) }
	case "/":
		f = func(e *env) float64 { x := a(e); return x / b(e) }
	case "%":
		f = func(e *env) float64 { x := a(e); return luaMod(x, b(e)) }
	case "^":
		f = func(e *env) float64 { x := a(e); return math.Pow(x, b(e)) }
	}
	return fold(numC(f, konst))
}

func (c *compiler) compare(n *node) cexpr {
	xa, xb := c.compile(n.args[0]), c.compile(n.args[1])
	konst := xa.konst && xb.konst
	fa, fb := xa.val, xb.val
	switch n.op {
	case "==", "~=":
		neq := n.op == "~="
		return fold(cexpr{ts: tsBool, konst: konst, val: func(e *env) value {
			x := fa(e)
			y := fb(e)
			eq := x.k == y.k && (x.k == kNil || x.n == y.n)
			return boolV(eq != neq)
		}})
	}
	a := c.asNum(xa, n.args[0].pos, "compare")
	b := c.asNum(xb, n.args[1].pos, "compare")
	var f valFn
	switch n.op {
	case "<":
		f = func(e *env) value { x := a(e); return boolV(x < b(e)) }
	case "<=":
		f = func(e *env) value { x := a(e); return boolV(x <= b(e)) }
	case ">":
		f = func(e *env) value { x := a(e); return boolV(x > b(e)) }
	case ">=":
		f = func(e *env) value { x := a(e); return boolV(x >= b(e)) }
	}
	return fold(cexpr{ts: tsBool, konst: konst, val: f})
}

func (c *compiler) logic(n *node) cexpr {
	xa, xb := c.compile(n.args[0]), c.compile(n.args[1])
	fa, fb := xa.val, xb.val
	konst := xa.konst && xb.konst
	var ts int
	var f valFn
	if n.op == "and" {
		ts = xa.ts & tsFalsy
		if xa.ts&tsTruthy != 0 {
			ts |= xb.ts
		}
		f = func(e *env) value {
			v := fa(e)
			if !v.truthy() {
				return v
			}
			return fb(e)
		}
	} else {
		ts = xa.ts & tsTruthy
		if xa.ts&tsFalsy != 0 {
			ts |= xb.ts
		}
		f = func(e *env) value {
			v := fa(e)
			if v.truthy() {
				return v
			}
			return fb(e)
		}
	}
	x := cexpr{ts: ts, val: f, konst: konst}
	if ts == tsNum {
		x.num = func(e *env) float64 { return f(e).n }
	}
	return fold(x)
}

func (c *compiler) name(n *node) cexpr {
	switch n.name {
	case "t":
		c.usesTime = true
		return numC(func(e *env) float64 { return e.t }, false)
	case "pi":
		return constNum(math.Pi)
	case "e":
		c.missing("e")
		return constNum(math.E)
	}
	if c.mode == modeLine {
		switch n.name {
		case "m":
			return numC(func(e *env) float64 { return e.m }, false)
		case "intensity":
			return numC(func(e *env) float64 { return e.intensity }, false)
		}
	}
	if c.mode == modeCurve && (n.name == "kl" || n.name == "kr") {
		c.semantic(n.pos, "%s is a key (a table): use %s.frame or %s.value", n.name, n.name, n.name)
	}
	if _, ok := funcs[n.name]; ok {
		c.semantic(n.pos, "function %s used as a value", n.name)
	}
	c.semantic(n.pos, "unknown identifier %q", n.name)
	return cexpr{}
}

func (c *compiler) field(n *node) cexpr {
	base := n.args[0]
	if base.op != "name" || c.mode != modeCurve || (base.name != "kl" && base.name != "kr") {
		c.semantic(n.pos, "attempt to index a value that is not a key (only kl and kr in @curve expressions have fields)")
	}
	i := 0
	if base.name == "kr" {
		i = 1
	}
	c.usesTime = true
	switch n.name {
	case "frame":
		if i == 0 {
			return numC(func(e *env) float64 { return e.kl[0] }, false)
		}
		return numC(func(e *env) float64 { return e.kr[0] }, false)
	case "value":
		if i == 0 {
			return numC(func(e *env) float64 { return e.kl[1] }, false)
		}
		return numC(func(e *env) float64 { return e.kr[1] }, false)
	}
	return constVal(value{k: kNil})
}

type funcDef struct {
	min, max int // max −1: variadic
}

var funcs = map[string]funcDef{
	"sin": {1, 1}, "cos": {1, 1}, "tan": {1, 1}, "sqrt": {1, 1}, "exp": {1, 1},
	"floor": {1, 1}, "ceil": {1, 1}, "abs": {1, 1}, "log10": {1, 1},
	"deg": {1, 1}, "rad": {1, 1}, "sign": {1, 1},
	"log": {1, 2}, "round": {1, 2}, "noise": {1, 2}, "noise2d": {2, 3}, "rand": {2, 2},
	"min": {1, -1}, "max": {1, -1},
}

func unary(f func(float64) float64, a numFn) numFn {
	return func(e *env) float64 { return f(a(e)) }
}

func (c *compiler) call(n *node) cexpr {
	callee := n.args[0]
	if callee.op != "name" {
		c.semantic(n.pos, "attempt to call a value that is not a function")
	}
	name := callee.name
	def, ok := funcs[name]
	if !ok {
		switch name {
		case "t", "m", "intensity", "pi", "e", "kl", "kr":
			c.semantic(callee.pos, "attempt to call %s, which is not a function", name)
		}
		c.semantic(callee.pos, "unknown function %q", name)
	}
	argNodes := n.args[1:]
	if len(argNodes) < def.min {
		c.semantic(n.pos, "bad argument #%d to '%s' (number expected, got no value)", len(argNodes)+1, name)
	}
	nargs := len(argNodes)
	if def.max >= 0 && nargs > def.max {
		nargs = def.max
	}
	konst := true
	args := make([]numFn, nargs)
	for i := 0; i < nargs; i++ {
		x := c.compile(argNodes[i])
		konst = konst && x.konst
		args[i] = c.asNum(x, argNodes[i].pos, fmt.Sprintf("pass to '%s' (argument #%d) a non-number:", name, i+1))
	}
	// Extra arguments are evaluated (for their random draws) and ignored, as in Lua.
	var extra []valFn
	for _, a := range argNodes[nargs:] {
		x := c.compile(a)
		konst = konst && x.konst
		extra = append(extra, x.val)
	}
	f := c.builtin(name, args)
	if len(extra) > 0 {
		inner := f
		f = func(e *env) float64 {
			v := inner(e)
			for _, x := range extra {
				x(e)
			}
			return v
		}
	}
	if name == "rand" {
		konst = false
		c.usesRand = true
		c.missing("rand")
	}
	if name == "noise2d" {
		c.missing("noise2d")
	}
	return fold(numC(f, konst))
}

func (c *compiler) builtin(name string, a []numFn) numFn {
	switch name {
	case "sin":
		return unary(math.Sin, a[0])
	case "cos":
		return unary(math.Cos, a[0])
	case "tan":
		return unary(math.Tan, a[0])
	case "sqrt":
		return unary(math.Sqrt, a[0])
	case "exp":
		return unary(math.Exp, a[0])
	case "floor":
		return unary(math.Floor, a[0])
	case "ceil":
		return unary(math.Ceil, a[0])
	case "abs":
		return unary(math.Abs, a[0])
	case "log10":
		return unary(math.Log10, a[0])
	case "deg":
		return unary(func(x float64) float64 { return x * 57.29577951308232 }, a[0])
	case "rad":
		return unary(func(x float64) float64 { return x * 0.017453292519943295 }, a[0])
	case "sign":
		return unary(luaSign, a[0])
	case "log":
		if len(a) == 1 {
			return unary(math.Log, a[0])
		}
		x, b := a[0], a[1]
		// LuaJIT: log2(x) · (1 / log2(base)), kept as two steps.
		return func(e *env) float64 { v := x(e); y := 1 / math.Log2(b(e)); return math.Log2(v) * y }
	case "round":
		x := a[0]
		if len(a) == 1 {
			return func(e *env) float64 { return luaRound(x(e), 0) }
		}
		p := a[1]
		return func(e *env) float64 { v := x(e); return luaRound(v, p(e)) }
	case "noise":
		x := a[0]
		if len(a) == 1 {
			return func(e *env) float64 { return noise1(e, x(e), 1) }
		}
		o := a[1]
		return func(e *env) float64 { v := x(e); return noise1(e, v, o(e)) }
	case "noise2d":
		x, y := a[0], a[1]
		if len(a) == 2 {
			return func(e *env) float64 { u := x(e); return noise2(e, u, y(e), 1) }
		}
		o := a[2]
		return func(e *env) float64 { u := x(e); v := y(e); return noise2(e, u, v, o(e)) }
	case "rand":
		lo, hi := a[0], a[1]
		return func(e *env) float64 {
			l := lo(e)
			h := hi(e)
			if e.rng == nil {
				e.err = true
				return math.NaN()
			}
			return l + float64((h-l)*e.rng.random())
		}
	case "min", "max":
		isMin := name == "min"
		if len(a) == 1 {
			return a[0]
		}
		f := a[0]
		for _, g := range a[1:] {
			prev, next := f, g
			if isMin {
				f = func(e *env) float64 {
					m := prev(e)
					if v := next(e); v < m {
						return v
					}
					return m
				}
			} else {
				f = func(e *env) float64 {
					m := prev(e)
					if v := next(e); v > m {
						return v
					}
					return m
				}
			}
		}
		return f
	}
	panic("unreachable builtin " + name)
}

func luaSign(x float64) float64 {
	if x > 0 {
		return 1
	}
	if x < 0 {
		return -1
	}
	return 0
}

// luaRound is math.round: floor(x·10^p + 0.5) / 10^p.
func luaRound(x, p float64) float64 {
	mult := math.Pow(10, p)
	return math.Floor(float64(x*mult)+0.5) / mult
}

// Expr is a compiled expression.
type Expr struct {
	Src      string
	num      numFn
	UsesRand bool
	UsesTime bool
	// EngineMissing lists names the engine at the reference commit lacks.
	EngineMissing []string
}

// CompileExpr parses and compiles src once. The result is a number-valued closure;
// an expression that can produce a non-number is checked at each evaluation.
func CompileExpr(src string, mode exprMode) (x *Expr, err error) {
	n, err := parseExpr(src)
	if err != nil {
		return nil, err
	}
	c := &compiler{mode: mode}
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(exprErr)
			if !ok {
				panic(r)
			}
			x, err = nil, a.e
		}
	}()
	ce := c.compile(n)
	num := c.asNum(ce, n.pos, "use as a number")
	return &Expr{Src: src, num: num, UsesRand: c.usesRand, UsesTime: c.usesTime, EngineMissing: c.engineMissing}, nil
}

// eval evaluates x; ok is false after a runtime error (a non-number operand).
func (x *Expr) eval(e *env) (v float64, ok bool) {
	e.err = false
	v = x.num(e)
	return v, !e.err
}

// Eval evaluates the expression at time t (seconds, or the curve fraction) with
// intensity 1, for tests and tools. Random draws start from random_init(t).
func (x *Expr) Eval(t float64) (float64, bool) {
	var rng tw223
	rng.init(t)
	e := env{t: t, m: 1, intensity: 1, rng: &rng}
	return x.eval(&e)
}
