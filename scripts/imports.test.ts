import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of every package (`.dependency-cruiser.cjs` at the root): no import cycle in
 * packages/core, packages/react, apps/api or apps/web, type-only imports included, and in core
 * the models never import the rules. A failure lists each broken rule with the modules of its
 * cycle, e.g. `no-circular: apps/api/src/a.ts → apps/api/src/b.ts → apps/api/src/a.ts`.
 * By hand: `npx depcruise packages apps`.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['packages/core', 'packages/react', 'apps/api', 'apps/web'];

let options: ICruiseOptions;
beforeAll(async () => {
  options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
});

/** The broken rules of a cruise from `baseDir` over `paths`, one line each. */
async function violations(baseDir: string, paths: string[]): Promise<{ modules: number; problems: string[] }> {
  const { output } = await cruise(paths, { ...options, baseDir });
  const result = output as ICruiseResult;
  const problems = result.summary.violations.map((v) => {
    const cycle = v.cycle?.map((step) => step.name);
    return `${v.rule.name}: ${cycle ? [v.from, ...cycle].join(' → ') : `${v.from} → ${v.to}`}`;
  });
  return { modules: result.summary.totalCruised, problems };
}

describe('the import rules', () => {
  it('hold in every package: no import cycle, and no model of core imports a rule', async () => {
    const { modules, problems } = await violations(root, PACKAGES);
    // The cruise read the packages' sources (a wrong path would find nothing and pass).
    expect(modules).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
  });

  describe('are checked, as the repository is', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'salondesk-imports-'));
      // A circle made only of `import type`: it is still a circle.
      await writeFile(path.join(dir, 'a.ts'), "import type { B } from './b';\nexport interface A { b: B }\n");
      await writeFile(path.join(dir, 'b.ts'), "import type { A } from './a';\nexport interface B { a?: A }\n");
      // A line without a circle: c → d.
      await writeFile(path.join(dir, 'c.ts'), "import { d } from './d';\nexport const c = d + 1;\n");
      await writeFile(path.join(dir, 'd.ts'), 'export const d = 1;\n');
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('a circle of type-only imports is refused, naming its modules', async () => {
      const { problems } = await violations(dir, ['a.ts', 'b.ts']);
      expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^no-circular: (a\.ts → b\.ts → a\.ts|b\.ts → a\.ts → b\.ts)$/)]));
    });

    it('imports without a circle pass', async () => {
      expect((await violations(dir, ['c.ts', 'd.ts'])).problems).toEqual([]);
    });
  });
});
