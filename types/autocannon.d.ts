// The few parts of autocannon 8 that the bench and the resilience suite use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
      method?: Request['method'];
      body?: string | Buffer;
      requests?: Request[];
      /** Seconds a request may wait for its answer before it counts as a timeout (default 10). */
      timeout?: number;
    }
    interface Result {
      requests: { average: number; total: number };
      latency: { p50: number; p90: number; p97_5: number; p99: number; average: number };
      /** Responses per status code, e.g. `{ '200': { count: 12 } }`. */
      statusCodeStats: Record<string, { count: number }>;
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }
  function autocannon(opts: autocannon.Options, cb: (err: Error | null, result: autocannon.Result) => void): unknown;
  export default autocannon;
}
