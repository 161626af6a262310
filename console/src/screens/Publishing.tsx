/**
 * Publishing: per shop the live build, the queued and the running build (progress, polled
 * every 2 s), the last builds with duration, pages rewritten and the change ids they carried;
 * "Publish now" per shop and for all; the webhook secret rotation (ops), whose new secret is
 * shown once. Against GET /admin/api/publishing and its POSTs (worker/shop-api/rebuilds/).
 */
import { useCallback, useEffect, useState } from "react";
import type { BuildView, PublishAnswer, Publishing, RotatedWebhookSecret, ShopPublishing } from "@domain/back-office/publishing";
import { ApiError, apiGet, apiPost } from "../api";
import type { ScreenProps } from "../staff";
import { formatNumber, formatTime } from "../intl";
import { t } from "../texts";

export const POLL_MS = 2000;

const changes = (ids: number[]) => (ids.length > 0 ? ids.map((id) => t("publishing.number", { id })).join(", ") : "–");

const buildLine = (build: BuildView) =>
  t("publishing.buildLine", { id: build.id, changes: changes(build.changeIds), triggers: build.triggers.join(", ") || "–" });

function ShopCard({ shop, onPublish, busy }: { shop: ShopPublishing; onPublish: (shops: string[]) => void; busy: boolean }) {
  const running = shop.running;
  return (
    <section className="card" data-testid={`shop-${shop.shop}`} aria-labelledby={`shop-${shop.shop}-title`}>
      <div className="row">
        <h2 id={`shop-${shop.shop}-title`}>{t("publishing.shopTitle", { shop: shop.shop, name: shop.name })}</h2>
        <button type="button" className="secondary" onClick={() => onPublish([shop.shop])} disabled={busy}>
          {t("publishing.publishShop", { shop: shop.shop })}
        </button>
      </div>
      <p>
        <strong>{t("publishing.live")}</strong>{" "}
        {shop.live ? t("publishing.liveBuild", { build: buildLine(shop.live), at: formatTime(shop.live.finishedAt) }) : t("publishing.noLive")}
      </p>
      <p>
        <strong>{t("publishing.running")}</strong>{" "}
        {running ? (
          <span data-testid={`running-${shop.shop}`}>
            {t("publishing.runningBuild", {
              build: buildLine(running),
              attempt: running.attempt,
              maxAttempts: running.maxAttempts,
              since: formatTime(running.startedAt),
            })}
            {running.progress && (
              <>
                {" "}
                {t("publishing.progress", { phase: running.progress.phase, done: running.progress.done, total: running.progress.total })}{" "}
                <progress className="progress" max={Math.max(1, running.progress.total)} value={running.progress.done} />
              </>
            )}
          </span>
        ) : (
          t("publishing.nothing")
        )}
      </p>
      <p>
        <strong>{t("publishing.queued")}</strong>{" "}
        {shop.queued ? (
          <>
            {buildLine(shop.queued)}
            {shop.queued.notBefore ? t("publishing.notBefore", { at: formatTime(shop.queued.notBefore) }) : ""}
            {shop.queued.attempt > 1 ? t("publishing.retry", { attempt: shop.queued.attempt, maxAttempts: shop.queued.maxAttempts }) : ""}
          </>
        ) : (
          t("publishing.nothing")
        )}
      </p>
      {shop.recent.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>{t("publishing.build")}</th>
              <th>{t("publishing.state")}</th>
              <th>{t("publishing.finished")}</th>
              <th>{t("publishing.duration")}</th>
              <th>{t("publishing.pagesRewritten")}</th>
              <th>{t("publishing.changes")}</th>
              <th>{t("publishing.triggers")}</th>
            </tr>
          </thead>
          <tbody>
            {shop.recent.map((build) => (
              <tr key={build.id}>
                <td>{t("publishing.number", { id: build.id })}</td>
                <td className={build.state === "failed" ? "error" : undefined}>
                  {build.error
                    ? t("publishing.stateError", { state: t(`publishing.state.${build.state}`), error: build.error })
                    : t(`publishing.state.${build.state}`)}
                </td>
                <td>{formatTime(build.finishedAt)}</td>
                <td>{build.seconds !== null ? t("publishing.seconds", { seconds: formatNumber(build.seconds, 1) }) : "–"}</td>
                <td>
                  {build.pagesRewritten !== null
                    ? t("publishing.pagesOf", { rewritten: build.pagesRewritten, pages: build.pages ?? t("publishing.pagesUnknown") })
                    : "–"}
                </td>
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
      setNote(caught instanceof ApiError && caught.status === 404 ? t("publishing.unavailable") : t("publishing.loadFailed", { error: String(caught) }));
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
      const { changeId } = await apiPost<PublishAnswer>("/admin/api/publishing/publish", { shops });
      setMessage(t("publishing.publishing", { shops: shops === "all" ? t("publishing.allShops") : shops.join(", "), changeId }));
      void load();
    } catch (caught) {
      setMessage(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const rotate = async () => {
    if (!window.confirm(t("publishing.rotateConfirm"))) return;
    setBusy(true);
    try {
      setSecret((await apiPost<RotatedWebhookSecret>("/admin/api/publishing/webhook-secret", {})).secret);
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
        <h1>{t("publishing.title")}</h1>
        <button type="button" onClick={() => publish("all")} disabled={busy || !data}>
          {t("publishing.publishAll")}
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
          <h2 id="webhook-title">{t("publishing.webhook")}</h2>
          <p>
            {data.webhook.configured
              ? data.webhook.rotatedAt
                ? t("publishing.secretRotated", { at: formatTime(data.webhook.rotatedAt) })
                : t("publishing.secretSet")
              : t("publishing.noSecret")}
            {data.webhook.previousValidUntil ? t("publishing.previousValid", { at: formatTime(data.webhook.previousValidUntil) }) : ""}
          </p>
          {secret && (
            <div>
              <p>{t("publishing.newSecret")}</p>
              <p className="secret" data-testid="new-secret">
                {secret}
              </p>
            </div>
          )}
          {staff.role === "ops" && (
            <button type="button" className="secondary" onClick={rotate} disabled={busy}>
              {t("publishing.rotate")}
            </button>
          )}
        </section>
      )}
    </>
  );
}
