import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseAst, type Plugin } from 'vite';

/**
 * Issue 18: per-component modules for `@ionic/react` and `ionicons/icons`, so a component or an icon
 * that only lazy pages use lands in their chunks instead of the entry.
 *
 * Both packages ship one big module. Tree-shaking drops what nobody imports, but whatever ANY page
 * imports stays in that one module, and that module is in the entry (the shell needs IonApp, the
 * menu's icons...): before this plugin, the shell's initial JS carried ion-refresher, ion-modal,
 * ion-popover, ion-infinite-scroll and every icon of every page (225 KB gzipped in all).
 *
 * In the app's own modules, `import { IonRefresher, IonPage } from '@ionic/react'` becomes
 * `import { IonRefresher } from 'virtual:ionic-react/IonRefresher'; import { IonPage } from
 * '@ionic/react'`. The virtual module is a copy of that component's declaration in @ionic/react's
 * dist/index.js (the same `createComponent(...)` call with its imports, and any private helper it
 * calls); anything it uses that the package exports (NavContext...) is imported from the package, so
 * React contexts keep one identity. Only the three wrapper factories below are split: the routing
 * shell (IonApp, IonRouterOutlet, IonPage, hooks, controllers) stays in the package's module.
 * Icons: `import { addOutline } from 'ionicons/icons'` reads `virtual:ionicon/addOutline`, one
 * `export const` copied from ionicons/icons/index.mjs.
 *
 * Build only: tests and the dev server use the packages as published. The packages are pinned
 * (apps/web/package.json); a declaration this plugin cannot find fails the build.
 */

const IONIC_REACT = '@ionic/react';
const IONICONS = 'ionicons/icons';
const COMPONENT_PREFIX = 'virtual:ionic-react/';
const ICON_PREFIX = 'virtual:ionicon/';
/** Wrapper factories whose components are self-contained apart from private helpers. */
const SPLIT_FACTORIES = new Set([
  'createComponent',
  'createRoutingComponent',
  'createInlineOverlayComponent',
]);

/**
 * Tabs: this app has none (spec §2: a side menu). The bundler keeps these classes even unused (a
 * class that extends `React.Component` reads a property, which it counts as a possible side effect),
 * and with them ion-tabs, ion-tab-bar, ion-tab-button and ion-tab (~8 KB gzipped in the entry). They
 * are cut from the package's module; importing one fails the build ("not exported").
 */
const CUT_EXPORTS = new Set(['IonTabs', 'IonTabBar', 'IonTabButton', 'IonTab']);
const CUT_PRIVATE = new Set(['IonTabBarUnwrapped', 'IonTabBarContainer']);

/** Class components that are safe to copy: nothing compares against them; NavContext is imported. */
const SPLIT_CLASSES = new Set(['IonBackButton']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/**
 * Every identifier name `node` refers to (over-approximated: local names that shadow a top-level one
 * count too, which at worst copies a helper nobody calls, and the bundler drops it). Names of
 * properties (`{ react: React }`, `a.b`) are not references.
 */
function identifiers(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) identifiers(item, into);
  } else if (isNode(node)) {
    if (node.type === 'Identifier' && typeof node.name === 'string') into.add(node.name);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'type' || key === 'start' || key === 'end') continue;
      const propertyName =
        !node.computed &&
        ((key === 'key' && (node.type === 'Property' || node.type.endsWith('Definition'))) ||
          (key === 'property' && node.type === 'MemberExpression'));
      if (!propertyName) identifiers(value, into);
    }
  }
  return into;
}

interface ImportedName {
  source: string;
  imported: string; // 'default' for a default import
}

interface IonicReactIndex {
  code: string;
  /** Top-level declarations by name: the statement's source text. */
  declarations: Map<string, Node>;
  imports: Map<string, ImportedName>;
  exported: Set<string>;
  /** Exports made by one of SPLIT_FACTORIES: these get a module of their own. */
  splittable: Set<string>;
  /** Private declarations two split components or more reach: the internal module's. */
  shared: Set<Node>;
}

function declaredNames(statement: Node): string[] {
  if (statement.type === 'VariableDeclaration') {
    return (statement.declarations as Node[])
      .map((declarator) => declarator.id as Node)
      .filter((id) => id.type === 'Identifier')
      .map((id) => id.name as string);
  }
  if (
    (statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') &&
    isNode(statement.id)
  ) {
    return [statement.id.name as string];
  }
  return [];
}

/** The factory a `const X = factory(...)` declaration calls, if any. */
function factoryOf(statement: Node): string | undefined {
  if (statement.type !== 'VariableDeclaration') return undefined;
  const [declarator] = statement.declarations as Node[];
  const init = declarator?.init;
  if (!isNode(init) || init.type !== 'CallExpression') return undefined;
  const callee = init.callee as Node;
  return callee.type === 'Identifier' ? (callee.name as string) : undefined;
}

export function readIonicReactIndex(code: string): IonicReactIndex {
  const program = parseAst(code) as unknown as { body: Node[] };
  const declarations = new Map<string, Node>();
  const imports = new Map<string, ImportedName>();
  const exported = new Set<string>();
  const splittable = new Set<string>();
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      const source = (statement.source as Node).value as string;
      for (const specifier of statement.specifiers as Node[]) {
        const local = (specifier.local as Node).name as string;
        const imported =
          specifier.type === 'ImportSpecifier'
            ? ((specifier.imported as Node).name as string)
            : 'default';
        imports.set(local, { source, imported });
      }
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.source) {
      for (const specifier of statement.specifiers as Node[]) {
        exported.add((specifier.local as Node).name as string);
      }
    } else {
      for (const name of declaredNames(statement)) declarations.set(name, statement);
    }
  }
  for (const name of exported) {
    const statement = declarations.get(name);
    const factory = statement && factoryOf(statement);
    if ((factory && SPLIT_FACTORIES.has(factory)) || SPLIT_CLASSES.has(name)) splittable.add(name);
  }
  // A component the package itself refers to (IonTabs checks `child.type === IonTab`) must keep its
  // identity: it stays in the package.
  for (const [other, statement] of new Set(declarations)) {
    if (splittable.has(other)) continue;
    for (const used of identifiers(statement)) splittable.delete(used);
  }
  const index = { code, declarations, imports, exported, splittable, shared: new Set<Node>() };
  index.shared = sharedPrivate(index);
  return index;
}

const INTERNAL = 'internal';

/**
 * Where a split module takes `local` from: the package's own imports (react, @ionic/core...), another
 * split module, the package (its exports: contexts keep one identity), or the internal module that
 * holds one copy of the package's private helpers (attachProps, createRoutingComponent...).
 */
function importsOf(
  index: IonicReactIndex,
  used: Iterable<string>,
  self: ReadonlySet<string>,
  isShared: (local: string) => boolean,
) {
  const bySource = new Map<string, string[]>();
  const add = (source: string, clause: string) => {
    const clauses = bySource.get(source) ?? [];
    if (!clauses.includes(clause)) clauses.push(clause);
    bySource.set(source, clauses);
  };
  for (const local of used) {
    if (self.has(local)) continue;
    const imported = index.imports.get(local);
    if (imported) {
      add(
        imported.source,
        `${imported.imported === 'default' ? 'default' : imported.imported} as ${local}`,
      );
    } else if (index.splittable.has(local)) {
      add(COMPONENT_PREFIX + local, local);
    } else if (index.exported.has(local)) {
      add(IONIC_REACT, local);
    } else if (isShared(local)) {
      add(COMPONENT_PREFIX + INTERNAL, local);
    }
  }
  return [...bySource].map(
    ([source, clauses]) => `import { ${clauses.join(', ')} } from ${JSON.stringify(source)};`,
  );
}

/** The private declarations `name` reaches, through other private ones. */
function privateClosure(index: IonicReactIndex, name: string): Set<Node> {
  const reached = new Set<Node>();
  const visit = (local: string) => {
    if (index.imports.has(local) || index.exported.has(local)) return;
    const statement = index.declarations.get(local);
    if (!statement || reached.has(statement)) return;
    reached.add(statement);
    for (const used of identifiers(statement)) visit(used);
  };
  for (const used of identifiers(index.declarations.get(name) as Node)) visit(used);
  return reached;
}

/**
 * Private declarations reached by two split components or more (attachProps, createRoutingComponent):
 * one copy in the internal module. One reached by a single component (IonBackButton's inner element
 * wrapper, which imports ion-back-button) is copied into that component's module, so its imports go
 * where the component goes.
 */
function sharedPrivate(index: IonicReactIndex): Set<Node> {
  const owners = new Map<Node, number>();
  for (const component of index.splittable) {
    for (const statement of privateClosure(index, component)) {
      owners.set(statement, (owners.get(statement) ?? 0) + 1);
    }
  }
  return new Set([...owners].filter(([, count]) => count > 1).map(([statement]) => statement));
}

function moduleSource(index: IonicReactIndex, statements: Set<Node>, exports: string[]): string {
  const sorted = [...statements].sort((a, b) => a.start - b.start);
  const own = new Set(sorted.flatMap((statement) => declaredNames(statement)));
  const shared = index.shared;
  const used = new Set<string>();
  for (const statement of sorted) for (const id of identifiers(statement)) used.add(id);
  const lines = importsOf(
    index,
    used,
    own,
    (local) => !!index.declarations.get(local) && shared.has(index.declarations.get(local) as Node),
  );
  for (const statement of sorted) lines.push(index.code.slice(statement.start, statement.end));
  lines.push(`export { ${exports.join(', ')} };`);
  return lines.join('\n');
}

/** The source of a module exporting only `name`, copied out of @ionic/react's index. */
export function componentModule(index: IonicReactIndex, name: string): string {
  if (name === INTERNAL) return internalModule(index);
  if (!index.splittable.has(name)) throw new Error(`${IONIC_REACT} has no split component ${name}`);
  const statements = new Set([index.declarations.get(name) as Node]);
  for (const statement of privateClosure(index, name)) {
    if (!index.shared.has(statement)) statements.add(statement);
  }
  return moduleSource(index, statements, [name]);
}

/**
 * The shared private declarations, copied once and in source order. A private React context among
 * them gets a second identity: allowed only when every declaration that uses it is copied too.
 */
function internalModule(index: IonicReactIndex): string {
  const { shared } = index;
  const copied = new Set<Node>();
  for (const component of index.splittable) {
    copied.add(index.declarations.get(component) as Node);
    for (const statement of privateClosure(index, component)) copied.add(statement);
  }
  for (const statement of shared) {
    if (!index.code.slice(statement.start, statement.end).includes('createContext(')) continue;
    const [context = ''] = declaredNames(statement);
    for (const [other, otherStatement] of index.declarations) {
      if (!copied.has(otherStatement) && identifiers(otherStatement).has(context)) {
        throw new Error(`${IONIC_REACT}: ${context} is also used by ${other}; cannot split it`);
      }
    }
  }
  const names = [...shared].flatMap((statement) => declaredNames(statement));
  return moduleSource(index, shared, names);
}

/**
 * @ionic/react's index without the split components (the app imports them from their own modules):
 * their declarations, exports and now-unused imports are cut, so the entry's module graph no longer
 * reaches ion-refresher, ion-modal... through the package. A name imported from the package that is
 * cut fails the build ("not exported"), never silently.
 */
export function trimmedIndex(index: IonicReactIndex): string {
  const program = parseAst(index.code) as unknown as { body: Node[] };
  const cut = new Set(
    [...index.splittable, ...CUT_EXPORTS, ...CUT_PRIVATE].map((name) => {
      const statement = index.declarations.get(name);
      if (!statement) throw new Error(`${IONIC_REACT} has no ${name} to cut`);
      return statement;
    }),
  );
  const used = new Set<string>();
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration' || cut.has(statement)) continue;
    if (statement.type === 'ExportNamedDeclaration' && !statement.source) continue;
    for (const id of identifiers(statement)) used.add(id);
  }
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of program.body) {
    if (cut.has(statement)) {
      edits.push({ start: statement.start, end: statement.end, text: '' });
    } else if (statement.type === 'ImportDeclaration') {
      const specifiers = statement.specifiers as Node[];
      const kept = specifiers.filter((specifier) =>
        used.has((specifier.local as Node).name as string),
      );
      if (kept.length === specifiers.length) continue;
      const source = JSON.stringify((statement.source as Node).value);
      const text =
        kept.length === 0
          ? ''
          : kept[0]?.type === 'ImportSpecifier'
            ? `import { ${kept.map((specifier) => index.code.slice(specifier.start, specifier.end)).join(', ')} } from ${source};`
            : index.code.slice(statement.start, statement.end);
      edits.push({ start: statement.start, end: statement.end, text });
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.source) {
      const kept = (statement.specifiers as Node[]).filter((specifier) => {
        const local = (specifier.local as Node).name as string;
        return !index.splittable.has(local) && !CUT_EXPORTS.has(local);
      });
      const text = `export { ${kept.map((specifier) => index.code.slice(specifier.start, specifier.end)).join(', ')} };`;
      edits.push({ start: statement.start, end: statement.end, text });
    }
  }
  let result = index.code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

/** `export const name = "data:image/svg+xml;..."` of ionicons/icons/index.mjs. */
export function iconModule(iconsSource: string, name: string): string {
  const match = new RegExp(`^export const ${name} = ("[^"\\n]*");?$`, 'm').exec(iconsSource);
  if (!match) throw new Error(`${IONICONS} has no icon ${name}`);
  return `export const ${name} = ${match[1]};\n`;
}

/**
 * Rewrites the named imports of `@ionic/react` and `ionicons/icons` in `code` (plain JS, after the
 * TypeScript and JSX transforms) to the per-component and per-icon modules. Returns null when there is
 * nothing to change.
 */
export function rewriteImports(code: string, splittable: ReadonlySet<string>): string | null {
  if (!code.includes(IONIC_REACT) && !code.includes(IONICONS)) return null;
  const program = parseAst(code) as unknown as { body: Node[] };
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    const source = (statement.source as Node).value as string;
    if (source !== IONIC_REACT && source !== IONICONS) continue;
    const specifiers = statement.specifiers as Node[];
    if (specifiers.some((specifier) => specifier.type !== 'ImportSpecifier')) continue;
    const kept: string[] = [];
    const moved: string[] = [];
    for (const specifier of specifiers) {
      const imported = (specifier.imported as Node).name as string;
      const local = (specifier.local as Node).name as string;
      const clause = imported === local ? imported : `${imported} as ${local}`;
      const split = source === IONICONS || splittable.has(imported);
      if (split) {
        const prefix = source === IONICONS ? ICON_PREFIX : COMPONENT_PREFIX;
        moved.push(`import { ${clause} } from ${JSON.stringify(prefix + imported)};`);
      } else {
        kept.push(clause);
      }
    }
    if (moved.length === 0) continue;
    if (kept.length > 0)
      moved.push(`import { ${kept.join(', ')} } from ${JSON.stringify(source)};`);
    edits.push({ start: statement.start, end: statement.end, text: moved.join('\n') });
  }
  if (edits.length === 0) return null;
  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

export function splitIonicImports(): Plugin {
  const require = createRequire(import.meta.url);
  let index: IonicReactIndex | undefined;
  let iconsSource: string | undefined;
  const ionicReact = () =>
    (index ??= readIonicReactIndex(readFileSync(require.resolve(IONIC_REACT), 'utf8')));
  const icons = () =>
    (iconsSource ??= readFileSync(
      require.resolve(IONICONS).replace(/index\.js$/, 'index.mjs'),
      'utf8',
    ));
  return {
    name: 'localmart:split-ionic-imports',
    apply: 'build',
    // After the TypeScript and JSX transforms: type-only imports are gone by then.
    enforce: 'post',
    resolveId: {
      filter: { id: /^virtual:(?:ionic-react|ionicon)\// },
      handler(id) {
        return `\0${id}`;
      },
    },
    load: {
      filter: { id: /^\0virtual:(?:ionic-react|ionicon)\// },
      handler(id) {
        const name = id.slice(id.lastIndexOf('/') + 1);
        const code = id.startsWith(`\0${ICON_PREFIX}`)
          ? iconModule(icons(), name)
          : componentModule(ionicReact(), name);
        // Like the packages themselves (vite-plugins/side-effect-free.ts): nothing runs on import.
        return { code, moduleSideEffects: false };
      },
    },
    transform: {
      filter: {
        id: {
          include: [
            /[\\/]apps[\\/]web[\\/]src[\\/].+\.[jt]sx?$/,
            /[\\/]node_modules[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/,
          ],
        },
      },
      handler(code, id) {
        if (id.includes('node_modules')) return { code: trimmedIndex(ionicReact()), map: null };
        const result = rewriteImports(code, ionicReact().splittable);
        return result === null ? null : { code: result, map: null };
      },
    },
  };
}
