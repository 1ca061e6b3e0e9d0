import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The public pages load no zod (docs/decisions/0026-zod-free-public-pages.md). Read from the sources, without a build:
 * each page's value imports are followed (lazy `import()` too, as the room page loads its calendar and payment panels
 * that way); a name taken from `@roomweek/contract` leads to the contract module that declares it, as the bundler's
 * re-export tracing does. A bundle keeps a module whole in one chunk, so a contract module the page reaches must not
 * import zod itself, even if the page uses none of its schemas.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const CONTRACT = path.resolve(SRC, '../../../packages/contract/src');

function resolveFile(base: string): string {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && !candidate.endsWith('/') && path.extname(candidate)) return candidate;
  }
  throw new Error(`cannot resolve ${base}`);
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

/** Where a specifier leads: a file of ours, or a package's name. */
function target(from: string, specifier: string): string {
  if (specifier.startsWith('@/')) return resolveFile(path.join(SRC, specifier.slice(2)));
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), specifier));
  return specifier;
}

/** The contract module that declares `name` (following `export … from` and `export *`), or undefined. */
function declaringModule(file: string, name: string): string | undefined {
  const source = parse(file);
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name) return file;
    if (exported && ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return file;
      }
    }
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) continue;
    const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
    if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      const element = statement.exportClause.elements.find((e) => !e.isTypeOnly && e.name.text === name);
      if (!element) continue;
      return from ? declaringModule(target(file, from), (element.propertyName ?? element.name).text) : file;
    }
    if (!statement.exportClause && from) {
      const found = declaringModule(target(file, from), name);
      if (found) return found;
    }
  }
  return undefined;
}

/** The files and packages a module needs at run time: its value imports, re-exports and `import()`s. */
function valueImports(file: string, lazy: boolean): string[] {
  const source = parse(file);
  const found: string[] = [];
  const add = (specifier: string, names: string[] | 'all') => {
    if (specifier !== '@roomweek/contract') return found.push(target(file, specifier));
    const index = resolveFile(path.join(CONTRACT, 'index.ts'));
    if (names === 'all') return found.push(index);
    for (const name of names) found.push(declaringModule(index, name) ?? `@roomweek/contract#${name}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      if (!clause || clause.name || (bindings && ts.isNamespaceImport(bindings))) add(node.moduleSpecifier.text, 'all');
      else if (bindings) {
        const names = bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
        if (names.length > 0) add(node.moduleSpecifier.text, names);
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      add(node.moduleSpecifier.text, 'all');
    } else if (lazy && ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) add(argument.text, 'all');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The chain of modules from `page` to zod, or null when the page never reaches it; `lazy`: follow `import()` too. */
function pathToZod(page: string, lazy = true): string[] | null {
  const start = resolveFile(path.join(SRC, page));
  const cameFrom = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (file === 'zod' || file.startsWith('zod/')) {
      const chain: string[] = [];
      for (let at: string | null = file; at; at = cameFrom.get(at) ?? null) chain.unshift(path.isAbsolute(at) ? path.relative(SRC, at) : at);
      return chain;
    }
    if (!path.isAbsolute(file)) continue;
    for (const next of valueImports(file, lazy)) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

describe('public pages load no zod', () => {
  it('the entry, which every page loads first', () => {
    expect(pathToZod('app/main.tsx', false)).toBeNull();
  });

  it.each([
    ['/', 'features/properties/routes/home-page.tsx'],
    ['/search, with its map and the form’s calendar', 'features/search/routes/search-page.tsx'],
    ['/property/:id', 'features/properties/routes/property-page.tsx'],
    ['/room/:id, with its calendar and payment panels', 'app/routes/room-booking-page.tsx'],
    ['/contact', 'features/contact/routes/contact-page.tsx'],
    ['/my-bookings', 'features/bookings/routes/my-bookings-page.tsx'],
    ['/my-bookings, with the payment of a balance', 'app/routes/my-bookings-page.tsx'],
  ])('%s', (_route, page) => {
    expect(pathToZod(page)).toBeNull();
  });

  it('finds zod where a form validates with it (so the check can fail)', () => {
    expect(pathToZod('features/auth/routes/login-page.tsx')?.at(-1)).toBe('zod');
    expect(pathToZod('features/admin-properties/routes/rooms-page.tsx')?.at(-1)).toBe('zod');
  });
});
