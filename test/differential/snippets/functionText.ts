// A function's text (Function.prototype.toString, String(fn), fn + ""): what the person wrote,
// whatever the sandbox compiled it to. Each snippet puts in a function one kind of text the
// transpile step changes: a free name's hook, a builder's marks, an assignment to a name a
// built-in prototype holds, a string or regular expression ses would refuse, a logged line.
import { body, type Snippet } from './define';

export const functionText: Snippet[] = [
  body('function-text/free-name-read', '  function f() { return (() => notDeclared)(); }\n  return String(f);'),
  body('function-text/free-name-read-long', '  const f = () => someLongUndeclaredName + 1;\n  return f.toString();'),
  body('function-text/free-name-typeof-write-shorthand', '  function f() {\n    if (typeof nope === "undefined") later = 1;\n    return { later };\n  }\n  return "" + f;'),
  body('function-text/free-name-call', '  const f = (x) => helperNotDeclared(x, 2);\n  return `${f}`;'),
  body('function-text/builder-marked', '  const Command = (f) => ({ f });\n  function hold(req) {\n    return Command(() => req);\n  }\n  const renew = (sub) => Command(() => sub);\n  return [String(hold), String(renew), hold(1).f()];'),
  body('function-text/own-property-assignment', '  function f(a) {\n    a.constructor = 1;\n    a["toString"] = 2;\n    return a;\n  }\n  return [String(f), f({}).constructor];'),
  body('function-text/refused-patterns-in-literals', '  const f = () => ["<!-- x -->", /im' + 'port\\(/.source, "ev" + "al("];\n  return String(f);'),
  body('function-text/class-and-methods', '  class A {\n    m() { return missingName; }\n    get g() { return typeof other; }\n    static s = () => yetAnother;\n  }\n  return [String(A), String(A.prototype.m), String(Object.getOwnPropertyDescriptor(A.prototype, "g").get), String(A.s)];'),
  body('function-text/nested-and-multiline', '  function outer() {\n    const inner = (a,\n      b) =>\n        a + b + free1;\n    return inner;\n  }\n  return [String(outer), String(outer())];'),
  body('function-text/natives-and-bound', '  const f = () => free2;\n  return [String(Math.max), String(f.bind(null)), Function.prototype.toString.call(class {}), String(Function.prototype.toString)];'),
  body('function-text/not-a-function-throws', '  return Function.prototype.toString.call({});')
];
