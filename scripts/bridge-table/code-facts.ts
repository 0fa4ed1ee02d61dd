// What the bridge table needs from the code itself rather than from the schemas: each method's
// and event's one-line description (its JSDoc in preload/contract/bridge, the one place it is
// written), which folder of main/core answers each method (the features createCore lists,
// and the methods each one's handlers are typed with), and which folders push each event
// (their `hub.emit('<event>', …)` calls). The TypeScript compiler reads them, so the table
// follows the code as it compiles, with nothing kept by hand beside it.
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface CodeFacts {
  /** Method or event name -> its one-line description. */
  descriptions: Map<string, string>;
  /** Method name -> the folder whose feature answers it, e.g. `main/core/inbox/`. */
  answeredIn: Map<string, string>;
  /** Event name -> the folders whose code emits it on the event hub. */
  pushedBy: Map<string, string[]>;
}

/** A fact the table cannot be made without; the message says what to change. */
export class BridgeTableError extends Error {
  override readonly name = 'BridgeTableError';
}

const CONTRACT = 'preload/contract/bridge/contract.ts';
const CORE = 'main/core/core.ts';

export function readCodeFacts(root: string, names: { methods: readonly string[]; events: readonly string[] }): CodeFacts {
  const program = createProgram(root);
  const checker = program.getTypeChecker();
  const source = (path: string) => {
    const file = program.getSourceFile(resolve(root, path));
    if (!file) throw new BridgeTableError(`${path} is missing`);
    return file;
  };
  const contract = source(CONTRACT);
  const descriptions = new Map([
    ...describedProperties(checker, contract, 'methods', root),
    ...describedProperties(checker, contract, 'events', root),
  ]);
  const undescribed = [...names.methods, ...names.events].filter((name) => !descriptions.has(name));
  if (undescribed.length > 0) {
    throw new BridgeTableError(`no description for ${undescribed.join(', ')}: write a one-line /** JSDoc */ above each in preload/contract/bridge/`);
  }
  return {
    descriptions,
    answeredIn: answeringFolders(checker, source(CORE), root, names.methods),
    pushedBy: pushingFolders(root, names.events),
  };
}

function createProgram(root: string): ts.Program {
  const configPath = resolve(root, 'tsconfig.node.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new BridgeTableError(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new BridgeTableError(`${configPath} could not be read`);
  // core.ts reaches every feature and the whole contract: only what they import is read.
  return ts.createProgram([resolve(root, CORE), resolve(root, CONTRACT)], config.options);
}

/** The first paragraph of each property's JSDoc, on one line, keyed by the property's name. */
function describedProperties(checker: ts.TypeChecker, contract: ts.SourceFile, exportName: string, root: string): Map<string, string> {
  const symbol = exportedSymbol(checker, contract, exportName, root);
  const described = new Map<string, string>();
  for (const property of checker.getPropertiesOfType(checker.getTypeOfSymbol(symbol))) {
    const text = ts.displayPartsToString(property.getDocumentationComment(checker)).split(/\n\s*\n/)[0]!.replace(/\s+/g, ' ').trim();
    if (text !== '') described.set(property.name, text);
  }
  return described;
}

function exportedSymbol(checker: ts.TypeChecker, file: ts.SourceFile, name: string, root: string): ts.Symbol {
  const module = checker.getSymbolAtLocation(file);
  const symbol = module && checker.getExportsOfModule(module).find((candidate) => candidate.name === name);
  if (!symbol) throw new BridgeTableError(`${relative(root, file.fileName)} no longer exports \`${name}\``);
  return symbol;
}

/**
 * Each feature in the list createCore gives assembleFeatures, by the folder its factory lives
 * in, and the methods its `handlers` answer (the property names of their type). Like
 * assembleFeatures itself, refuses a method answered twice or by none.
 */
function answeringFolders(checker: ts.TypeChecker, core: ts.SourceFile, root: string, methods: readonly string[]): Map<string, string> {
  const known = new Set(methods);
  const answeredIn = new Map<string, string>();
  for (const entry of featureList(core)) {
    const factory = factoryOf(checker, entry, core, root);
    const folder = `${relative(root, dirname(factory.getSourceFile().fileName))}/`;
    for (const method of handledMethods(checker, factory, root)) {
      if (!known.has(method)) continue;
      const first = answeredIn.get(method);
      if (first !== undefined) throw new BridgeTableError(`${method} is answered in both ${first} and ${folder}`);
      answeredIn.set(method, folder);
    }
  }
  const unanswered = methods.filter((method) => !answeredIn.has(method));
  if (unanswered.length > 0) throw new BridgeTableError(`no feature listed in createCore (${CORE}) is typed as answering ${unanswered.join(', ')}`);
  return answeredIn;
}

function featureList(core: ts.SourceFile): readonly ts.Expression[] {
  let list: ts.ArrayLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'assembleFeatures' && node.arguments[0] && ts.isArrayLiteralExpression(node.arguments[0])) {
      list = node.arguments[0];
    }
    ts.forEachChild(node, visit);
  };
  visit(core);
  if (!list) throw new BridgeTableError(`${CORE} no longer calls assembleFeatures([...features]): teach scripts/bridge-table where the features are listed`);
  return list.elements;
}

/** `createViewsFeature(…)`, or `inbox` made by `const inbox = createInboxFeature(…)`: the factory's declaration. */
function factoryOf(checker: ts.TypeChecker, entry: ts.Expression, core: ts.SourceFile, root: string): ts.SignatureDeclaration {
  let call: ts.Expression | undefined = entry;
  if (ts.isIdentifier(entry)) {
    const declaration = checker.getSymbolAtLocation(entry)?.valueDeclaration;
    call = declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
  }
  const where = `${relative(root, core.fileName)}: ${entry.getText(core)}`;
  if (!call || !ts.isCallExpression(call)) throw new BridgeTableError(`${where} is not made by a call to a feature's factory`);
  let symbol = checker.getSymbolAtLocation(call.expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  if (!declaration || !ts.isFunctionLike(declaration)) throw new BridgeTableError(`${where}: its factory's declaration was not found`);
  return declaration;
}

/** The methods typed on the `handlers` of the object the factory returns. */
function handledMethods(checker: ts.TypeChecker, factory: ts.SignatureDeclaration, root: string): string[] {
  const where = `${relative(root, factory.getSourceFile().fileName)} (${factory.name?.getText() ?? 'a feature factory'})`;
  const handlers = returnedObjects(factory).map((object) => object.properties.find((property) => property.name?.getText() === 'handlers'));
  const found = handlers.find((property) => property !== undefined);
  if (!found || !(ts.isPropertyAssignment(found) || ts.isShorthandPropertyAssignment(found))) {
    throw new BridgeTableError(`${where} returns no object literal with a \`handlers\` property`);
  }
  const type = checker.getTypeAtLocation(ts.isPropertyAssignment(found) ? found.initializer : found.name);
  return checker
    .getPropertiesOfType(checker.getApparentType(type))
    .filter((property) => !(property.flags & ts.SymbolFlags.Optional))
    .map((property) => property.name);
}

function returnedObjects(factory: ts.SignatureDeclaration): ts.ObjectLiteralExpression[] {
  const objects: ts.ObjectLiteralExpression[] = [];
  const body = 'body' in factory ? (factory.body as ts.Node | undefined) : undefined;
  if (!body) return objects;
  if (ts.isObjectLiteralExpression(body)) return [body];
  if (ts.isParenthesizedExpression(body) && ts.isObjectLiteralExpression(body.expression)) return [body.expression];
  const visit = (node: ts.Node): void => {
    // A nested function's returns are not the factory's.
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression && ts.isObjectLiteralExpression(node.expression)) objects.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return objects;
}

/** `….emit('<event>', …)` anywhere in main/: the hub's emit takes the event's name as its literal first argument. */
function pushingFolders(root: string, events: readonly string[]): Map<string, string[]> {
  const known = new Set(events);
  const pushedBy = new Map<string, Set<string>>();
  for (const path of typeScriptFiles(join(root, 'main'))) {
    const file = ts.createSourceFile(path, ts.sys.readFile(path) ?? '', ts.ScriptTarget.Latest, true);
    const folder = `${relative(root, dirname(path))}/`;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'emit') {
        const [first] = node.arguments;
        if (first && ts.isStringLiteralLike(first) && known.has(first.text)) {
          pushedBy.set(first.text, (pushedBy.get(first.text) ?? new Set()).add(folder));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return new Map([...pushedBy].map(([event, folders]) => [event, [...folders].sort()]));
}

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
