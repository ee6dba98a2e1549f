/** Where the process stands in its life, for readiness and shutdown. */
export class Lifecycle {
  /** Set when shutdown begins: /health/ready answers 503 so no new traffic is routed here. */
  draining = false;
}
