#!/usr/bin/env node
// Codemod (issue 27 item 5, not yet applied): splits @salondesk/core's barrel (src/index.ts) into
// per-area entry points (src/<area>.ts, one `exports` key each, named exports only) and rewrites
// every `@salondesk/core` import in apps/, packages/react and scripts/ to the entry point of each
// name. Re-runnable: a second run only rewrites root imports written since. Also needs
// `splitting: true` in tsup.config.base.ts and packages/core/tsup.config.ts reading its entries
// from the exports map. Usage: node scripts/codemods/split-core-barrel.mjs . [--write]
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const repo = path.resolve(process.argv[2]);
const write = process.argv.includes('--write');
const require = createRequire(path.join(repo, 'packages/core/package.json'));
const ts = require('typescript');
const core = path.join(repo, 'packages/core');
const src = path.join(core, 'src');

// The area of a module of core, by its path under src/ (first matching rule).
const RULES = [
  ['client', /^(api\/(index|endpoint|transport|proxy|webhooks)|errors|messages|models\/(envelope|ids|input|inputProblems)|rules\/failure)$/],
  ['auth', /^(api\/(auth|signInClient|users|invitations)|models\/(session|user|invitation)|stores\/(session|connectivity)|rules\/(password|access|acl|routes))$/],
  ['businesses', /^(api\/(businesses|businessInfo)|models\/(business|businessInfoChanges))$/],
  ['billing', /^(api|models|rules)\/(billing|billingExports|suspension|suspensionStatus|invoiceCharge)$/],
  ['campaigns', /^(api|models|rules)\/campaigns$/],
  ['catalogue', /^((api|models|rules)\/catalogue|models\/barcode)$/],
  ['clients', /^((api|models|rules)\/(clients|visits)|rules\/(loyalty|phone|phoneFormat|clientName))$/],
  ['dashboard', /^((api|models|rules)\/(dashboard|dashboardRights|dateRanges))$/],
  ['epay', /^((api|models|rules)\/(epay|domains))$/],
  ['exports', /^((api|rules)\/(exports|export))$/],
  ['inventory', /^((api|models|rules)\/(inventory|purchaseOrders|stock))$/],
  ['media', /^(api|models|rules)\/media$/],
  ['notifications', /^(api\/(notifications|outbox)|realtime\/(notification|notificationStream|socketUrl))$/],
  ['payroll', /^((api|models|rules)\/(payroll|payrollReport|timesheets|timesheetSlots|staffClock|clockPin))$/],
  ['prepaid', /^(api|models|rules)\/prepaid$/],
  ['publishing', /^((api|models|rules)\/publishing|realtime\/publishStep)$/],
  ['reports', /^((api|models|rules)\/(reports|reportEngine|pivot|questions|reportValues|reportParams|reportFunctions|monthlyReport|metrics|figures))$/],
  ['schedule', /^((api|models|rules)\/(schedule\w*|scheduledHours|appointmentsView))$/],
  ['segments', /^(api|models|rules)\/(segments|segmentCounts)$/],
  ['settings', /^((api|models|rules)\/(settings|systemSettings|tableSettings))$/],
  ['drawers', /^(api|models|rules)\/shifts$/],
  ['staff', /^((api|models|rules)\/(staff|staffAcl|staffVisits))$/],
  ['transactions', /^((api|models|rules)\/(transactions|transaction|sales|ticketSearch|money|money-lines|lineKind|transactionStatus|metricColumns))$/],
  ['waivers', /^(api|models|rules)\/waivers$/],
  ['webPayments', /^((api|models|rules)\/(webPayments|payouts|setupIntentConfirm))$/],
  ['embed', /^embed\/\w+$/],
];
const areaOf = (mod) => {
  for (const [area, re] of RULES) if (re.test(mod)) return area;
  throw new Error(`no area for core module ${mod}`);
};

// 1. What the barrel exports, module by module, in its order.
const indexFile = path.join(src, 'index.ts');
const config = ts.getParsedCommandLineOfConfigFile(path.join(core, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const program = ts.createProgram([indexFile], config.options);
const checker = program.getTypeChecker();
const sf = program.getSourceFile(indexFile);
const byArea = new Map(); // area -> lines
const nameArea = new Map(); // exported name -> area
const isTypeOnly = (sym) => {
  const target = sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
  return (target.flags & ts.SymbolFlags.Value) === 0;
};
for (const st of sf.statements) {
  if (!ts.isExportDeclaration(st) || !st.moduleSpecifier) throw new Error(`unexpected statement in index.ts: ${st.getText(sf).slice(0, 80)}`);
  const mod = st.moduleSpecifier.text.replace(/^\.\//, '');
  const area = areaOf(mod);
  const lines = byArea.get(area) ?? [];
  byArea.set(area, lines);
  const specs = [];
  if (!st.exportClause) {
    const modSym = checker.getSymbolAtLocation(st.moduleSpecifier);
    for (const sym of checker.getExportsOfModule(modSym)) specs.push({ text: `${isTypeOnly(sym) ? 'type ' : ''}${sym.name}`, name: sym.name });
  } else {
    for (const el of st.exportClause.elements) specs.push({ text: el.getText(sf), name: el.name.text, typeOnly: st.isTypeOnly });
  }
  for (const s of specs) {
    if (nameArea.has(s.name)) throw new Error(`${s.name} exported twice`);
    nameArea.set(s.name, area);
  }
  const prefix = st.isTypeOnly ? 'export type' : 'export';
  lines.push(`${prefix} {\n${specs.map((s) => `  ${s.text},`).join('\n')}\n} from '${mod.startsWith('.') ? mod : `./${mod}`}';`);
}

// Already split (a second run, for imports written since): read every entry point instead.
const alreadySplit = [...byArea.keys()].every((a) => a === 'client');
if (alreadySplit) {
  const pkg0 = JSON.parse(fs.readFileSync(path.join(core, 'package.json'), 'utf8'));
  for (const [key, value] of Object.entries(pkg0.exports)) {
    if (key === '.' || key === './testing' || typeof value !== 'object') continue;
    const area = key.slice(2);
    const entryFile = path.join(core, value['@salondesk/source']);
    const esf = ts.createSourceFile(entryFile, fs.readFileSync(entryFile, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const st of esf.statements) if (ts.isExportDeclaration(st) && st.exportClause) for (const el of st.exportClause.elements) nameArea.set(el.name.text, area);
  }
}

// 2. Entry files: src/<area>.ts (the client's names stay in index.ts).
const areas = [...byArea.keys()].sort();
const files = new Map();
for (const area of areas) {
  const header = area === 'client'
    ? `/**\n * @salondesk/core: the client, its transport and errors, and the message catalogue. Each area's\n * endpoints, models and rules have an entry point of their own (\`@salondesk/core/billing\`, …);\n * see the package README.\n */\n`
    : `/** @salondesk/core/${area}: the ${area} area's endpoints, models and rules. */\n`;
  files.set(area === 'client' ? 'index.ts' : `${area}.ts`, header + byArea.get(area).join('\n') + '\n');
}

// 3. Rewrite importers.
const exts = ['.ts', '.tsx', '.mts'];
const walk = (dir, out = []) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.ladle-build', 'test-results', '.git'].includes(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (exts.some((x) => e.name.endsWith(x))) out.push(p);
  }
  return out;
};
const targets = [...walk(path.join(repo, 'apps')), ...walk(path.join(repo, 'packages/react')), ...walk(path.join(repo, 'scripts'))];
const rewrites = new Map();
let importsChanged = 0;
for (const file of targets) {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes("'@salondesk/core'")) continue;
  const f = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits = [];
  for (const st of f.statements) {
    const isImport = ts.isImportDeclaration(st);
    const isExport = ts.isExportDeclaration(st);
    if (!(isImport || isExport) || !st.moduleSpecifier || st.moduleSpecifier.text !== '@salondesk/core') continue;
    let elements;
    let typeOnly;
    if (isImport) {
      const clause = st.importClause;
      if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) throw new Error(`${file}: unhandled import form ${st.getText(f)}`);
      elements = clause.namedBindings.elements;
      typeOnly = clause.isTypeOnly;
    } else {
      if (!st.exportClause || !ts.isNamedExports(st.exportClause)) throw new Error(`${file}: unhandled export form`);
      elements = st.exportClause.elements;
      typeOnly = st.isTypeOnly;
    }
    const groups = new Map();
    for (const el of elements) {
      const name = (el.propertyName ?? el.name).text;
      const area = nameArea.get(name);
      if (!area) throw new Error(`${file}: ${name} is not exported by @salondesk/core`);
      (groups.get(area) ?? groups.set(area, []).get(area)).push(el.getText(f));
    }
    const kw = isImport ? 'import' : 'export';
    const lines = [...groups.keys()].sort().map((area) => `${kw} ${typeOnly ? 'type ' : ''}{ ${groups.get(area).join(', ')} } from '@salondesk/core${area === 'client' ? '' : `/${area}`}';`);
    edits.push({ start: st.getStart(f), end: st.getEnd(), text: lines.join('\n') });
    importsChanged++;
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  if (out !== text) rewrites.set(file, out);
}

// 4. package.json exports and tsup entries.
const pkgFile = path.join(core, 'package.json');
const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
const entry = (name, srcFile) => ({
  '@salondesk/source': `./src/${srcFile}`,
  import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
  require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
});
const exportsMap = { '.': pkg.exports['.'] };
for (const area of areas.filter((a) => a !== 'client')) exportsMap[`./${area}`] = entry(area, `${area}.ts`);
exportsMap['./testing'] = pkg.exports['./testing'];
exportsMap['./package.json'] = './package.json';
pkg.exports = exportsMap;

console.log(`${nameArea.size} names in ${areas.length} entry points; ${importsChanged} import statements in ${rewrites.size} files rewritten`);
for (const area of areas) console.log(`  ${area}: ${[...nameArea.values()].filter((a) => a === area).length}`);
if (write) {
  if (!alreadySplit) for (const [name, text] of files) fs.writeFileSync(path.join(src, name), text);
  for (const [file, text] of rewrites) fs.writeFileSync(file, text);
  if (!alreadySplit) fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + '\n');
}
