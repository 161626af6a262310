/**
 * The floor of `npm run bench:edge`: a worker that answers every request with the DE
 * build's file of the same path, straight from the assets binding, and does nothing
 * else. Run in the same workerd setup as the shop's worker, it is what no page served
 * through a worker can beat there.
 */
interface Env {
  ASSETS: { fetch(input: string): Promise<Response> };
}

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    return env.ASSETS.fetch(`https://assets.internal/DE${new URL(request.url).pathname}`);
  },
};
