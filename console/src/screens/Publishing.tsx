/**
 * Publishing: per shop the live build, the queued and the running build (progress, polled
 * every 2 s), the last builds with duration, pages rewritten and the change ids they carried;
 * "Publish now" per shop and for all; the webhook secret rotation (ops), whose new secret is
 * shown once. Against GET /admin/api/publishing and its POSTs (worker/shop-api/rebuilds/).
 */
import { useCallback, useEffect, useState } from "react";
import { ApiError, apiGet, apiPost } from "../api";
import type { ScreenProps } from "../staff";

interface Progress {
  phase: string;
  done: number;
  total: number;
}

interface BuildView {
  id: number;
  shop: string;
  state: "queued" | "running" | "published" | "failed";
  triggers: string[];
  changeIds: number[];
  attempt: number;
  maxAttempts: number;
  queuedAt: string;
  notBefore: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  seconds: number | null;
  pages: number | null;
  pagesRewritten: number | null;
  progress: Progress | null;
  error: string | null;
}

interface ShopPublishing {
  shop: string;
  name: string;
  live: BuildView | null;
  queued: BuildView | null;
  running: BuildView | null;
  recent: BuildView[];
}

interface Publishing {
  shops: ShopPublishing[];
  webhook: { configured: boolean; rotatedAt: string | null; previousValidUntil: string | null };
}

export const POLL_MS = 2000;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-GB") : "–");
const changes = (ids: number[]) => (ids.length > 0 ? ids.map((id) => `#${id}`).join(", ") : "–");

function BuildLine({ build }: { build: BuildView }) {
  return (
    <>
      build #{build.id}, changes {changes(build.changeIds)} ({build.triggers.join(", ") || "–"})
    </>
  );
}

function ShopCard({ shop, onPublish, busy }: { shop: ShopPublishing; onPublish: (shops: string[]) => void; busy: boolean }) {
  const running = shop.running;
  return (
    <section className="card" data-testid={`shop-${shop.shop}`} aria-labelledby={`shop-${shop.shop}-title`}>
      <div className="row">
        <h2 id={`shop-${shop.shop}-title`}>
          {shop.shop} · {shop.name}
        </h2>
        <button type="button" className="secondary" onClick={() => onPublish([shop.shop])} disabled={busy}>
          Publish {shop.shop} now
        </button>
      </div>
      <p>
        <strong>Live:</strong>{" "}
        {shop.live ? (
          <>
            <BuildLine build={shop.live} />, published {when(shop.live.finishedAt)}
          </>
        ) : (
          "no build published through the pipeline yet"
        )}
      </p>
      <p>
        <strong>Running:</strong>{" "}
        {running ? (
          <span data-testid={`running-${shop.shop}`}>
            <BuildLine build={running} />, attempt {running.attempt} of {running.maxAttempts}, since {when(running.startedAt)}
            {running.progress && (
              <>
                {" "}
                · {running.progress.phase} {running.progress.done}/{running.progress.total}{" "}
                <progress className="progress" max={Math.max(1, running.progress.total)} value={running.progress.done} />
              </>
            )}
          </span>
        ) : (
          "nothing"
        )}
      </p>
      <p>
        <strong>Queued:</strong>{" "}
        {shop.queued ? (
          <>
            <BuildLine build={shop.queued} />
            {shop.queued.notBefore ? `, not before ${when(shop.queued.notBefore)}` : ""}
            {shop.queued.attempt > 1 ? ` (retry ${shop.queued.attempt} of ${shop.queued.maxAttempts})` : ""}
          </>
        ) : (
          "nothing"
        )}
      </p>
      {shop.recent.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Build</th>
              <th>State</th>
              <th>Finished</th>
              <th>Duration</th>
              <th>Pages rewritten</th>
              <th>Changes</th>
              <th>Triggers</th>
            </tr>
          </thead>
          <tbody>
            {shop.recent.map((build) => (
              <tr key={build.id}>
                <td>#{build.id}</td>
                <td className={build.state === "failed" ? "error" : undefined}>
                  {build.state}
                  {build.error ? `: ${build.error}` : ""}
                </td>
                <td>{when(build.finishedAt)}</td>
                <td>{build.seconds !== null ? `${build.seconds.toFixed(1)} s` : "–"}</td>
                <td>{build.pagesRewritten !== null ? `${build.pagesRewritten} of ${build.pages ?? "?"}` : "–"}</td>
                <td>{changes(build.changeIds)}</td>
                <td>{build.triggers.join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function PublishingScreen({ staff }: ScreenProps) {
  const [data, setData] = useState<Publishing | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setData(await apiGet<Publishing>("/admin/api/publishing"));
      setNote(null);
    } catch (caught) {
      setNote(
        caught instanceof ApiError && caught.status === 404
          ? "Publishing is not available on this server yet."
          : `Could not load publishing: ${String(caught)}`,
      );
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  const publish = async (shops: string[] | "all") => {
    setBusy(true);
    setMessage(null);
    try {
      const { changeId } = await apiPost<{ changeId: number }>("/admin/api/publishing/publish", { shops });
      setMessage(`Publishing ${shops === "all" ? "all shops" : shops.join(", ")} as change #${changeId}.`);
      void load();
    } catch (caught) {
      setMessage(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const rotate = async () => {
    if (!window.confirm("Rotate the webhook secret? The PIM/ERP must get the new secret; the old one stays valid for 24 hours.")) return;
    setBusy(true);
    try {
      setSecret((await apiPost<{ secret: string }>("/admin/api/publishing/webhook-secret", {})).secret);
      void load();
    } catch (caught) {
      setMessage(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="row">
        <h1>Publishing</h1>
        <button type="button" onClick={() => publish("all")} disabled={busy || !data}>
          Publish all shops now
        </button>
      </div>
      {note && <p className="notice">{note}</p>}
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      {data?.shops.map((shop) => (
        <ShopCard key={shop.shop} shop={shop} onPublish={publish} busy={busy} />
      ))}
      {data && (
        <section className="card" aria-labelledby="webhook-title">
          <h2 id="webhook-title">Catalogue webhook</h2>
          <p>
            {data.webhook.configured
              ? `Signing secret set${data.webhook.rotatedAt ? `, rotated ${when(data.webhook.rotatedAt)}` : ""}.`
              : "No signing secret yet."}
            {data.webhook.previousValidUntil ? ` The previous secret stays valid until ${when(data.webhook.previousValidUntil)}.` : ""}
          </p>
          {secret && (
            <div>
              <p>The new secret, shown only now. Copy it into the PIM/ERP:</p>
              <p className="secret" data-testid="new-secret">
                {secret}
              </p>
            </div>
          )}
          {staff.role === "ops" && (
            <button type="button" className="secondary" onClick={rotate} disabled={busy}>
              Rotate the webhook secret
            </button>
          )}
        </section>
      )}
    </>
  );
}
