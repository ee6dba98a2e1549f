/** A benchmark registered in bench/run.ts. */
export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<void>;
}
