/**
 * Every import of a tree of TypeScript files, read with the compiler's parser: static imports,
 * re-exports and `import()` calls, each with its line and whether it is only for types (those
 * vanish from the compiled JavaScript, so they cannot make a load-order cycle). Used by
 * test/core/import-direction.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** The importing file, relative to the root, with forward slashes. */
  from: string;
  /** The imported file, relative to the root; only imports of files inside the root are kept. */
  to: string;
  line: number;
  typeOnly: boolean;
  dynamic: boolean;
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git']);

/** The .ts files under `folders` of `root` (relative paths, forward slashes, sorted). */
export function typeScriptFiles(root: string, folders: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(join(dir, entry.name));
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        found.push(relative(root, join(dir, entry.name)).split(sep).join('/'));
      }
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(join(root, folder));
  return found.sort();
}

/** `./x.js` from `dir/a.ts` → `dir/x.ts`, when that file exists; packages and other files → undefined. */
function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(root, dirname(from), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, join(target, 'index.ts')];
  const file = candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
  return file && relative(root, file).split(sep).join('/');
}

/** `import type {…}`, or `{ type A, type B }` with no value binding beside them. */
function importIsTypeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x.js'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

function exportIsTypeOnly(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
}

/** The imports of one file that point at other files under `root`. */
export function importsOf(root: string, file: string): ImportEdge[] {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const add = (specifier: ts.Node | undefined, typeOnly: boolean, dynamic: boolean): void => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const to = resolveSpecifier(root, file, specifier.text);
    if (!to) return;
    const line = source.getLineAndCharacterOfPosition(specifier.getStart(source)).line + 1;
    edges.push({ from: file, to, line, typeOnly, dynamic });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, importIsTypeOnly(node), false);
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, exportIsTypeOnly(node), false);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], false, true);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true, false);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The top-level folder a repository path sits in. */
export function layerOf(file: string): string {
  return file.split('/')[0] ?? file;
}

/**
 * Imports that break `mayImport` (layer → the layers it may import, itself included); a layer
 * missing from the table may import anything. Type imports count: a type from a layer above
 * ties the code to that layer as much as a value does.
 */
export function wrongWayImports(edges: ImportEdge[], mayImport: Record<string, string[]>): ImportEdge[] {
  return edges.filter((edge) => {
    const allowed = mayImport[layerOf(edge.from)];
    return allowed !== undefined && !allowed.includes(layerOf(edge.to));
  });
}

/**
 * Every cycle of value imports (type-only imports left out), each as the chain of edges that
 * closes it, one per strongly connected group of files (Tarjan's algorithm, then one path
 * around the group).
 */
export function valueImportCycles(edges: ImportEdge[]): ImportEdge[][] {
  const out = new Map<string, ImportEdge[]>();
  for (const edge of edges) {
    if (edge.typeOnly) continue;
    out.set(edge.from, [...(out.get(edge.from) ?? []), edge]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const { to } of out.get(file) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    const selfImport = (out.get(file) ?? []).some((edge) => edge.to === file);
    if (group.length > 1 || selfImport) groups.push(group.sort());
  };
  for (const file of [...out.keys()].sort()) if (!index.has(file)) connect(file);
  return groups.map((group) => cycleThrough(group, out));
}

/** One path from the group's first file back to itself, staying inside the group. */
function cycleThrough(group: string[], out: Map<string, ImportEdge[]>): ImportEdge[] {
  const members = new Set(group);
  const start = group[0]!;
  const cameBy = new Map<string, ImportEdge>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const edge of out.get(file) ?? []) {
      if (!members.has(edge.to)) continue;
      if (edge.to === start) {
        const chain = [edge];
        for (let at = file; at !== start; at = cameBy.get(at)!.from) chain.unshift(cameBy.get(at)!);
        return chain;
      }
      if (!cameBy.has(edge.to)) {
        cameBy.set(edge.to, edge);
        queue.push(edge.to);
      }
    }
  }
  return [];
}

/** `a.ts:3 imports b.ts`, the way a failure names an import. */
export function describeImport(edge: ImportEdge): string {
  const kind = edge.dynamic ? 'import()s' : edge.typeOnly ? 'type-imports' : 'imports';
  return `${edge.from}:${edge.line} ${kind} ${edge.to}`;
}
