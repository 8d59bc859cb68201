import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appShellKey, describeLoginRoute, formatKB, initialChunks, LOGIN_BUDGET_BYTES, measureChartEngine, measureLoginRoute, MissingBuildError } from './bundle-size.mjs';

describe('bundle budget', () => {
  it('the JavaScript needed to show /login is at most 130 KB gzip', () => {
    const result = measureLoginRoute(); // throws "run the web build first" without dist/
    console.log(describeLoginRoute(result));
    expect(result.files.length).toBeGreaterThan(1);
    expect(result.total, describeLoginRoute(result)).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
  });

  it('the chart engine (ECharts) is a chunk of its own loaded on demand, which /login never fetches', () => {
    const chart = measureChartEngine();
    console.log(`chart engine: ${formatKB(chart.total)} gzip in ${chart.files.length} files`);
    expect(chart.onDemand).toBe(true);
    expect(chart.files.map((f) => f.file)).toContain(chart.file);
    // Neither the login screen nor what its first interaction loads shares a file with the engine.
    expect(chart.inLogin).toEqual([]);
  });

  it('says to build first when there is no build', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'salondesk-no-dist-'));
    expect(() => measureLoginRoute(empty)).toThrow(MissingBuildError);
    expect(() => measureLoginRoute(empty)).toThrow(/run the web build first/);
  });

  it('follows static imports from the entry, the app shell and the route, not dynamic ones', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['_App.js'] },
      '_App.js': { file: 'assets/App.js', imports: ['index.html', '_react.js'], dynamicImports: ['src/routes/auth/auth-login/index.tsx', '_sdk.js'] },
      '_react.js': { file: 'assets/react.js' },
      'src/routes/auth/auth-login/index.tsx': { file: 'assets/login.js', imports: ['_App.js', '_ui.js'], dynamicImports: ['_sdk.js'] },
      '_ui.js': { file: 'assets/ui.js', css: ['assets/ui.css'] },
      '_sdk.js': { file: 'assets/sdk.js', imports: ['_zod.js'] },
      '_zod.js': { file: 'assets/zod.js' },
    };
    expect(appShellKey(manifest)).toBe('_App.js');
    expect(initialChunks(manifest, ['_App.js', 'src/routes/auth/auth-login/index.tsx']).sort()).toEqual(
      ['assets/App.js', 'assets/index.js', 'assets/login.js', 'assets/react.js', 'assets/ui.js'].sort(),
    );
  });
});
