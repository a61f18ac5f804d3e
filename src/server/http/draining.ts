// A server that has been told to stop (SIGTERM, start.ts) first drains: it keeps serving for SHUTDOWN_DRAIN_SECONDS
// while its readiness probe answers 503, so the load balancer takes it out of rotation before it stops accepting.
declare module '../services' {
  interface AppServices {
    /** Set when the drain begins; the readiness probe fails and answers close their keep-alive connections. */
    draining?: boolean;
  }
}

export {};
