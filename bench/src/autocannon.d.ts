// Minimal typings for the parts of autocannon the bench uses (the package ships none).
declare module 'autocannon' {
  interface Histogram { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number }
  export interface Result {
    latency: Histogram;
    requests: Histogram & { sent: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    /** Each request may be rewritten before it is sent (the bench varies the search text per request). */
    requests?: { method?: string; path?: string; setupRequest?: (req: { path?: string } & Record<string, unknown>) => Record<string, unknown> }[];
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
