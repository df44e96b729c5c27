// Regenerates src/react/locales/keys.ts: every text latchkey's React pages can ask their translation table for (the
// English text, `{placeholders}` kept), found in the source under src/react. Each locale table under
// src/react/locales is typed by this list, so a key missing in a locale fails the type check and
// test/react/locales.test.ts. Run `node scripts/gen-translation-keys.mjs` after changing a page's words and review
// the diff; `--check` writes nothing and fails when the list is out of date (test/react/locales.test.ts runs it).
//
// A key is whatever reaches the first argument of a translate function (`const t = useTranslation()`, or
// `translate(overrides, text)`). The script follows that argument through the TypeScript program until it meets
// string literals: both sides of `?:`, `??` and `||`; a variable's or property's initializer; what a called
// function returns; a table's elements (`PROBLEMS[problem][0]`, `EXPIRIES.map(([label]) => t(label))`); a
// parameter's arguments at every call of its function, or a component's prop at every JSX use. Anything it cannot
// follow fails the script, except the places listed in UNTRANSLATED (text that is not the pages' own words).
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REACT = join(ROOT, "src", "react");
const TARGET = join(REACT, "locales", "keys.ts");
/** Leaves that are not the pages' words, as "file (relative to src/react): expression": they stay as they are. */
const UNTRANSLATED = new Set([
  // describeError's last resort: an error the pages have no sentence for shows its own (English) message.
  "ui/errors.ts: error.message",
]);

// The dev tools (src/react/dev-tools, shown in development builds only) are for the app's developers, not its users:
// they stay in English, so their texts are no keys (12 locale tables would each need them for nothing a user sees).
const DEV_TOOLS = join(REACT, "dev-tools") + "/";
const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const program = ts.createProgram({ rootNames: config.fileNames.filter((f) => f.startsWith(REACT + "/") && !f.includes("/locales/") && !f.startsWith(DEV_TOOLS)), options: config.options });
const checker = program.getTypeChecker();
const sources = program.getSourceFiles().filter((f) => f.fileName.startsWith(REACT + "/") && !f.fileName.includes("/locales/") && !f.fileName.startsWith(DEV_TOOLS));
const where = (node) => {
  const file = node.getSourceFile();
  return `${relative(REACT, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
};

/** Every node of every source file, once (the searches below run over it). */
const allNodes = [];
for (const file of sources) ts.forEachChild(file, function visit(node) {
  allNodes.push(node);
  ts.forEachChild(node, visit);
});

const symbolOf = (node) => {
  const symbol = checker.getSymbolAtLocation(node);
  return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
};
const unwrap = (node) => (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isSatisfiesExpression(node) ? unwrap(node.expression) : node);

const keys = new Set();
const problems = [];
/** Records a leaf that cannot be followed (unless UNTRANSLATED names it). */
const stuck = (node, why) => {
  const name = `${relative(REACT, node.getSourceFile().fileName)}: ${node.getText()}`;
  if (!UNTRANSLATED.has(name)) problems.push(`${where(node)}: cannot follow ${JSON.stringify(node.getText())} (${why})`);
  return [];
};

/**
 * What `node` can evaluate to, as leaves: string literal nodes, object and array literals, JSX attribute lists (a
 * component's props). `seen` stops cycles.
 */
function values(node, seen = new Set()) {
  node = unwrap(node);
  if (seen.has(node) || UNTRANSLATED.has(`${relative(REACT, node.getSourceFile().fileName)}: ${node.getText()}`)) return [];
  seen.add(node);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isObjectLiteralExpression(node) || ts.isArrayLiteralExpression(node) || ts.isJsxAttributes(node)) return [node];
  if (node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === "undefined")) return [];
  if (ts.isConditionalExpression(node)) return [...values(node.whenTrue, seen), ...values(node.whenFalse, seen)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return [...values(node.left, seen), ...values(node.right, seen)];
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return values(node.right, seen);
  }
  if (ts.isIdentifier(node)) return declared(node, seen);
  if (ts.isPropertyAccessExpression(node)) return property(values(node.expression, seen), node.name.text, seen, node);
  if (ts.isElementAccessExpression(node)) {
    const index = unwrap(node.argumentExpression);
    return element(values(node.expression, seen), ts.isNumericLiteral(index) ? Number(index.text) : ts.isStringLiteral(index) ? index.text : null, seen, node);
  }
  if (ts.isCallExpression(node)) return returned(node, seen);
  return stuck(node, ts.SyntaxKind[node.kind]);
}

/** Property `name` of each leaf (an object literal's, a JSX use's attribute). */
function property(leaves, name, seen, at) {
  return leaves.flatMap((leaf) => {
    if (ts.isObjectLiteralExpression(leaf)) {
      const found = leaf.properties.find((p) => p.name && !ts.isComputedPropertyName(p.name) && p.name.text === name);
      if (!found) return [];
      if (ts.isPropertyAssignment(found)) return values(found.initializer, seen);
      if (ts.isShorthandPropertyAssignment(found)) return values(found.name, seen);
      return stuck(found, "an object member that is not a value");
    }
    if (ts.isJsxAttributes(leaf)) {
      const found = leaf.properties.find((p) => ts.isJsxAttribute(p) && p.name.getText() === name);
      if (!found) return leaf.properties.some(ts.isJsxSpreadAttribute) ? stuck(leaf.parent, `a spread that may hold ${name}`) : [];
      if (!found.initializer) return [];
      return ts.isStringLiteral(found.initializer) ? [found.initializer] : values(found.initializer.expression, seen);
    }
    return stuck(at, `property ${name} of something that is not an object literal`);
  });
}

/** Element `index` of each leaf (every element or value when the index is not a literal). */
function element(leaves, index, seen, at) {
  return leaves.flatMap((leaf) => {
    if (ts.isArrayLiteralExpression(leaf)) return (typeof index === "number" ? [leaf.elements[index]].filter(Boolean) : leaf.elements).flatMap((e) => values(e, seen));
    if (ts.isObjectLiteralExpression(leaf)) return index === null ? leaf.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? values(p.initializer, seen) : stuck(p, "a table member that is not a value"))) : property([leaf], String(index), seen, at);
    return stuck(at, "an element of something that is not a literal table");
  });
}

/** What the function a call calls returns. */
function returned(call, seen) {
  const symbol = symbolOf(call.expression);
  const fn = symbol?.declarations?.map(functionOf).find(Boolean);
  if (!fn) return stuck(call, "a call of a function the script cannot see");
  if (!ts.isBlock(fn.body)) return values(fn.body, seen);
  const found = [];
  ts.forEachChild(fn.body, function visit(node) {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) found.push(...values(node.expression, seen));
    ts.forEachChild(node, visit);
  });
  return found;
}

/** The function a declaration declares (a function, or a variable holding an arrow function or function). */
function functionOf(declaration) {
  if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) return declaration.body ? declaration : null;
  if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
    const init = unwrap(declaration.initializer);
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
  }
  return null;
}

/** What an identifier can hold: its variable's initializer, a destructured part of one, or a parameter's arguments. */
function declared(identifier, seen) {
  const declaration = symbolOf(identifier)?.declarations?.[0];
  if (!declaration) return stuck(identifier, "no declaration");
  if (ts.isVariableDeclaration(declaration)) return declaration.initializer ? values(declaration.initializer, seen) : stuck(identifier, "a variable without initializer");
  if (ts.isParameter(declaration)) return argumentsOf(declaration, seen);
  if (ts.isBindingElement(declaration)) return bound(declaration, seen);
  if (ts.isShorthandPropertyAssignment(declaration)) return values(declaration.name, seen);
  return stuck(identifier, `a ${ts.SyntaxKind[declaration.kind]}`);
}

/** A destructured name: the property (or element) of what the pattern destructures. */
function bound(binding, seen) {
  const pattern = binding.parent;
  const owner = pattern.parent;
  const whole = ts.isVariableDeclaration(owner) ? values(owner.initializer, seen) : ts.isParameter(owner) ? argumentsOf(owner, seen) : ts.isBindingElement(owner) ? bound(owner, seen) : stuck(binding, "a pattern the script cannot follow");
  if (ts.isArrayBindingPattern(pattern)) return element(whole, pattern.elements.indexOf(binding), seen, binding);
  return property(whole, (binding.propertyName ?? binding.name).getText(), seen, binding);
}

/** What a parameter receives: the arguments at every call of its function, a component's JSX uses, a table's elements. */
function argumentsOf(parameter, seen) {
  const fn = parameter.parent;
  const index = fn.parameters.indexOf(parameter);
  // A callback of `table.map(…)` (or forEach, filter, flatMap): its first parameter is an element of the table.
  if (ts.isCallExpression(fn.parent) && fn.parent.arguments.includes(fn) && ts.isPropertyAccessExpression(fn.parent.expression)) {
    if (index === 0 && ["map", "forEach", "filter", "flatMap"].includes(fn.parent.expression.name.text)) return element(values(fn.parent.expression.expression, seen), null, seen, parameter);
    return stuck(parameter, "a callback's parameter");
  }
  const declaration = ts.isFunctionDeclaration(fn) ? fn : ts.isVariableDeclaration(fn.parent) ? fn.parent : null;
  const symbol = declaration?.name && symbolOf(declaration.name);
  if (!symbol) return stuck(parameter, "a parameter of a function the script cannot find the calls of");
  const found = [];
  for (const node of allNodes) {
    if (ts.isCallExpression(node) && symbolOf(node.expression) === symbol) {
      if (node.arguments[index]) found.push(...values(node.arguments[index], seen));
    } else if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && index === 0 && symbolOf(node.tagName) === symbol) {
      found.push(node.attributes);
    }
  }
  return found;
}

/** The translate functions: every `t` declared `const t = useTranslation()`. */
const useTranslation = sources.flatMap((f) => (f.fileName === join(REACT, "i18n.ts") ? [f] : [])).map((f) => f.statements.find((s) => ts.isFunctionDeclaration(s) && s.name?.text === "useTranslation"))[0];
const translateFn = sources.find((f) => f.fileName === join(REACT, "i18n.ts")).statements.find((s) => ts.isFunctionDeclaration(s) && s.name?.text === "translate");
if (!useTranslation || !translateFn) throw new Error("src/react/i18n.ts: useTranslation or translate not found");
const useTranslationSymbol = symbolOf(useTranslation.name);
const translateSymbol = symbolOf(translateFn.name);
const translators = new Set();
for (const node of allNodes) {
  if (ts.isVariableDeclaration(node) && node.initializer && ts.isCallExpression(unwrap(node.initializer)) && symbolOf(unwrap(node.initializer).expression) === useTranslationSymbol) {
    if (!ts.isIdentifier(node.name)) problems.push(`${where(node)}: keep useTranslation()'s function in a plain const`);
    else translators.add(symbolOf(node.name));
  }
}
for (const node of allNodes) {
  if (!ts.isIdentifier(node)) continue;
  const symbol = symbolOf(node);
  if (symbol === useTranslationSymbol && !(ts.isCallExpression(node.parent) && node.parent.expression === node && ts.isVariableDeclaration(node.parent.parent)) && !ts.isImportSpecifier(node.parent) && !ts.isFunctionDeclaration(node.parent) && !ts.isExportSpecifier(node.parent)) {
    problems.push(`${where(node)}: use useTranslation() as \`const t = useTranslation()\``);
  }
  const isTranslate = translators.has(symbol);
  if (!isTranslate && symbol !== translateSymbol) continue;
  if (ts.isVariableDeclaration(node.parent) || ts.isImportSpecifier(node.parent) || ts.isFunctionDeclaration(node.parent) || ts.isExportSpecifier(node.parent)) continue;
  // `t` in a dependency list is no use of its argument.
  if (ts.isArrayLiteralExpression(node.parent)) continue;
  // useTranslation's own call of translate passes its caller's text on.
  if (symbol === translateSymbol && node.getSourceFile().fileName === join(REACT, "i18n.ts")) continue;
  if (!ts.isCallExpression(node.parent) || node.parent.expression !== node) {
    problems.push(`${where(node)}: ${node.text} is used other than by calling it`);
    continue;
  }
  const text = node.parent.arguments[isTranslate ? 0 : 1];
  if (!text) continue;
  for (const leaf of values(text)) {
    if (ts.isStringLiteral(leaf) || ts.isNoSubstitutionTemplateLiteral(leaf)) keys.add(leaf.text);
    else stuck(leaf, "not a string");
  }
}
if (problems.length) {
  console.error(`scripts/gen-translation-keys.mjs: some translated texts cannot be traced to string literals:\n${[...new Set(problems)].join("\n")}`);
  process.exit(1);
}

const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const text = `// Generated by scripts/gen-translation-keys.mjs from the pages under src/react. Do not edit: run the script.

/**
 * Every text latchkey's React pages can show through their translation table, in English with \`{placeholders}\`
 * kept: the keys of \`translationOverrides\` and of each locale table (${sorted.length} keys).
 *
 * @example
 * TRANSLATION_KEYS.includes("Sign in to your account"); // true
 */
export const TRANSLATION_KEYS = [
${sorted.map((k) => `  ${JSON.stringify(k)},\n`).join("")}] as const;

/**
 * One of {@link TRANSLATION_KEYS}.
 *
 * @example
 * const key: TranslationKey = "Sign in to your account";
 */
export type TranslationKey = (typeof TRANSLATION_KEYS)[number];

/**
 * A locale's table: a translation for every key (placeholders such as \`{min}\` kept as they are).
 *
 * @example
 * const table: LocaleTable = { "Sign in to your account": "Bei Ihrem Konto anmelden", … };
 */
export type LocaleTable = Readonly<Record<TranslationKey, string>>;
`;

if (process.argv.includes("--check")) {
  let current = null;
  try {
    current = readFileSync(TARGET, "utf8");
  } catch {}
  if (current !== text) {
    console.error(`${relative(ROOT, TARGET)} is out of date with the pages' words: run node scripts/gen-translation-keys.mjs`);
    process.exit(1);
  }
} else {
  writeFileSync(TARGET, text);
  console.log(`${relative(ROOT, TARGET)}: ${sorted.length} keys`);
}
