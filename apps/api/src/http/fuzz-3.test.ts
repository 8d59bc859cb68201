import { fuzzEveryRoute } from './fuzz';

// The fuzzer (./fuzz.ts) in three shares, so the test runner can run them side by side.
fuzzEveryRoute(2, 3);
