import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Kassa's own import graph, for the `kassa/no-cycle` rule: every import counts, `import type`
 * and re-exports included (eslint-plugin-import's no-cycle skips type imports, and a cycle of
 * types still ties two modules into one). Built once per lint run from the files on disk.
 */
const ROOTS = ["app", "components", "lib"];
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];

function sourceFiles(root, dir) {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, file);
    return EXTENSIONS.includes(path.extname(entry.name)) && !entry.name.endsWith(".d.ts")
      ? [path.join(root, file)]
      : [];
  });
}

/** The file an import names, when it is one of Kassa's own; undefined for packages. */
export function resolveImport(root, from, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

function importsOf(root, file) {
  const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  return [
    ...new Set(
      info.importedFiles
        .map((ref) => resolveImport(root, file, ref.fileName))
        .filter((target) => target !== undefined),
    ),
  ];
}

/** Strongly connected components (Tarjan): files in one component with more than one member form a cycle. */
function componentsOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const members = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        members.push(member);
      } while (member !== node);
      for (const m of members) component.set(m, members);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return component;
}

const cache = new Map();

export function importGraph(root) {
  let built = cache.get(root);
  if (!built) {
    const graph = new Map();
    for (const file of ROOTS.flatMap((dir) => sourceFiles(root, dir)))
      graph.set(file, importsOf(root, file));
    built = { graph, component: componentsOf(graph) };
    cache.set(root, built);
  }
  return built;
}

/** The shortest way back from `to` to `from` inside their component, as files. */
export function cycleThrough(root, from, to) {
  const { graph, component } = importGraph(root);
  const members = new Set(component.get(from) ?? []);
  if (!members.has(to)) return undefined;
  const previous = new Map([[to, undefined]]);
  const queue = [to];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === from) break;
    for (const next of graph.get(node) ?? [])
      if (members.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
  }
  const route = [];
  for (let node = from; node !== undefined; node = previous.get(node)) route.unshift(node);
  return route;
}
