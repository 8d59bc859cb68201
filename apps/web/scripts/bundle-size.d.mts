export interface Manifest {
  [key: string]: { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
}
export interface SizeResult {
  files: { file: string; bytes: number }[];
  total: number;
}
export const WEB_ROOT: string;
export const DEFAULT_DIST: string;
export const LOGIN_BUDGET_BYTES: number;
export const LOGIN_ROUTE_SOURCE: string;
export class MissingBuildError extends Error {
  constructor(manifestPath: string);
}
export function readManifest(distDir?: string): Manifest;
export function appShellKey(manifest: Manifest): string;
export function staticClosure(manifest: Manifest, keys: string[]): string[];
export function initialChunks(manifest: Manifest, sources: string[]): string[];
export const CHART_ENGINE_SOURCE: string;
export function measureChartEngine(distDir?: string): SizeResult & { onDemand: boolean; file: string; inLogin: string[] };
export function gzipSizes(distDir: string, files: string[]): SizeResult;
export function measureLoginRoute(distDir?: string): SizeResult & { budget: number };
export function measureLoginReady(distDir?: string): { files: { file: string; bytes: number }[]; total: number };
export function formatKB(bytes: number): string;
export function describeLoginRoute(result: SizeResult & { budget: number }): string;
