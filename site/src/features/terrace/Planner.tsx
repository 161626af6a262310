/**
 * The terrace planner: draw -> choose -> result. The drawing is the editor's state
 * (editor.ts); the area, the laying and the bill are the geometry module's (domain/terrace/),
 * computed here from the shop's planner catalogue (GET /apiv2/terrace/catalogue) as the shop
 * API computes them when it saves. Saving gives the configuration number (and puts it in the
 * address, `?number=`); a number in the address loads that plan. From the result: print, add
 * everything to the cart (then the cart page), request an offer (the inquiry modal
 * with the configuration number). The plan is kept in the browser as it changes and comes back
 * after a reload (plan-store.ts). Loaded on demand by the planner page only.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { planArea, terracePlanSchema, type TerracePlan, type TerraceTexts } from "@domain/terrace/plan";
import { layTerrace, type Layout } from "@domain/terrace/layout";
import { billOfMaterials, type CatalogueItem } from "@domain/terrace/bill";
import { cartPath, type ShopRouting } from "@domain/routes";
import { formatMoney } from "@domain/money";
import { normalizeTerraceNumber } from "@domain/terrace-configurations";
import {
  boardImage,
  configurationToCart,
  errorKey,
  fetchCatalogue,
  loadConfiguration,
  newIdempotencyKey,
  saveConfiguration,
  type Bill,
  type PlannerBoard,
  type TerraceCatalogue,
} from "./api";
import { editorReducer, initialEditor, planOf, type EditorState } from "./editor";
import { DrawingEditor, NAMESPACE } from "./DrawingEditor";
import { BillTable } from "./BillTable";
import { PlanDrawing } from "./PlanDrawing";
import { boardDistinction, planTexts, unitLabel } from "./texts";
import { formatMetres } from "./numbers";
import { useInterfaceToggle } from "@site/lib/interface-toggle";
import { keepPlan, PLANNER_STEPS, readStoredPlan, type Step } from "./plan-store";

const InquiryModal = React.lazy(() => import(/* webpackChunkName: "inquiry-form" */ "../inquiries/InquiryModal"));

export interface Choice {
  boardSku: string | null;
  systemId: string | null;
  direction: number;
  edgeBoards: boolean;
}

/** The area of a drawing, 0 while it is no polygon yet (or not a valid one). */
export function areaOf(state: EditorState): number {
  if (state.outline.length < 3) return 0;
  try {
    const area = planArea({ ...planOf(state), direction: 0 });
    return Number.isFinite(area) && area > 0 ? area : 0;
  } catch {
    return 0;
  }
}

/**
 * Why the drawing cannot go on to the next step, in the page's words: no area ('Please
 * fill field room area to continue to the next step'), else the first refusal of the plan rules
 * the shop API applies too (crossing sides, too long a side, ...); null when it can.
 */
export function drawProblem(state: EditorState, texts: TerraceTexts): string | null {
  if (areaOf(state) <= 0) return texts.areaEmpty;
  const checked = terracePlanSchema(texts).safeParse({ ...planOf(state), direction: 0 });
  return checked.success ? null : (checked.error.issues[0]?.message ?? texts.selfIntersecting);
}

/** The systems that fit a board: those of its family. */
export function systemsFor(catalogue: TerraceCatalogue, board: PlannerBoard | undefined): TerraceCatalogue["systems"] {
  return board ? catalogue.systems.filter((system) => system.family === board.family) : [];
}

export interface Computed {
  layout: Layout;
  bill: Bill;
}

/** The laying and the bill of a plan on the catalogue, or null when the board, its rules or the system are unknown. */
export function compute(plan: TerracePlan, choice: Choice, catalogue: TerraceCatalogue, currency: string, language: string): Computed | null {
  const board = catalogue.boards.find((candidate) => candidate.sku === choice.boardSku);
  const system = catalogue.systems.find((candidate) => candidate.id === choice.systemId);
  if (!board || !system) return null;
  const rules = catalogue.rules.find((candidate) => candidate.family === board.family);
  if (!rules) return null;
  const items = new Map<string, CatalogueItem>();
  for (const item of catalogue.items) items.set(item.sku, item);
  for (const item of catalogue.boards) if (!items.has(item.sku)) items.set(item.sku, item);
  const layout = layTerrace(plan, board, rules, system.joist?.lengthMm ?? 4000);
  const bill = billOfMaterials(layout, board, choice.edgeBoards ? system : { ...system, edge: null }, items, currency, language);
  return { layout, bill };
}

const NO_CHOICE: Choice = { boardSku: null, systemId: null, direction: 0, edgeBoards: false };

/** The choices a plan names. */
export function choiceOf(plan: TerracePlan): Choice {
  return { boardSku: plan.boardSku ?? null, systemId: plan.substructureId ?? null, direction: plan.direction, edgeBoards: plan.edgeBoards ?? false };
}

/** The configuration number in the address (`?number=`), trimmed and upper-cased, or null. */
export function numberFromAddress(search: string): string | null {
  const number = normalizeTerraceNumber(new URLSearchParams(search).get("number") ?? "");
  return number === "" || number.length > 32 ? null : number;
}

export default function Planner({ shop, language, currency }: { shop: ShopRouting; language: string; currency: string }) {
  const { t } = useTranslation(NAMESPACE);
  const texts = React.useMemo(() => planTexts(t), [t]);
  // The plan kept in this browser comes back after a reload, unless the address names a saved plan (that one loads).
  const [restored] = React.useState(() => (numberFromAddress(window.location.search) ? null : readStoredPlan(texts)));
  const [editor, dispatch] = React.useReducer(editorReducer, restored, (kept) =>
    kept ? editorReducer(initialEditor, { type: "load", plan: kept.plan }) : initialEditor,
  );
  const [step, setStep] = React.useState<Step>(restored?.step ?? "draw");
  const [problem, setProblem] = React.useState<string | null>(null);
  const [catalogue, setCatalogue] = React.useState<TerraceCatalogue | null>(null);
  const [catalogueFailed, setCatalogueFailed] = React.useState(false);
  const [choice, setChoice] = React.useState<Choice>(restored ? choiceOf(restored.plan) : NO_CHOICE);
  const [saved, setSaved] = React.useState<{ number: string; body: string } | null>(null);
  const [serverBill, setServerBill] = React.useState<Bill | null>(null);
  const [message, setMessage] = React.useState<{ kind: "info" | "error"; key: string; params?: Record<string, string | number> } | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [offerOpen, setOfferOpen] = React.useState(false);
  useInterfaceToggle("productInquiryModal", offerOpen);
  const [skipped, setSkipped] = React.useState<string[] | null>(null);
  const attempt = React.useRef<{ body: string; key: string } | null>(null);
  const heading = React.useRef<HTMLHeadingElement>(null);

  React.useEffect(() => {
    let live = true;
    void fetchCatalogue().then((result) => {
      if (!live) return;
      if (result.ok && result.data) setCatalogue(result.data);
      else setCatalogueFailed(true);
    });
    const number = numberFromAddress(window.location.search);
    if (number) {
      void loadConfiguration(number).then((result) => {
        if (!live) return;
        if (!result.ok || !result.data) {
          setMessage({ kind: "error", key: errorKey(result) });
          return;
        }
        const { plan } = result.data;
        dispatch({ type: "load", plan });
        setChoice(choiceOf(plan));
        setSaved({ number: result.data.number, body: JSON.stringify(plan) });
        setServerBill(result.data.bill);
        setMessage({ kind: "info", key: "planner.loaded", params: { number: result.data.number } });
        setStep(plan.boardSku && plan.substructureId ? "result" : "draw");
      });
    }
    return () => {
      live = false;
    };
  }, []);

  // A kept plan whose board or substructure the catalogue no longer has goes back to the choice.
  React.useEffect(() => {
    if (!restored || !catalogue) return;
    const kept = catalogue.boards.find((candidate) => candidate.sku === restored.plan.boardSku);
    if (kept && systemsFor(catalogue, kept).some((system) => system.id === restored.plan.substructureId)) return;
    setChoice((current) => ({ ...current, boardSku: null, systemId: null }));
    setStep((current) => (current === "result" ? "choose" : current));
  }, [restored, catalogue]);

  const area = areaOf(editor);
  const board = catalogue?.boards.find((candidate) => candidate.sku === choice.boardSku);
  const systems = catalogue ? systemsFor(catalogue, board) : [];
  const plan: TerracePlan = React.useMemo(
    () => ({
      ...planOf(editor),
      direction: choice.direction,
      ...(choice.boardSku ? { boardSku: choice.boardSku } : {}),
      ...(choice.systemId ? { substructureId: choice.systemId } : {}),
      edgeBoards: choice.edgeBoards,
    }),
    [editor, choice],
  );
  const computed = React.useMemo(() => {
    if (step !== "result" || !catalogue) return null;
    try {
      return compute(plan, choice, catalogue, currency, language);
    } catch {
      return null;
    }
  }, [step, plan, choice, catalogue, currency, language]);
  const bill = computed?.bill ?? (saved?.body === JSON.stringify(plan) ? serverBill : null);

  // Kept as it changes; a page nobody drew on yet (a saved plan still loading or not found) leaves the kept plan alone.
  React.useEffect(() => {
    if (editor !== initialEditor) keepPlan(plan, step, texts);
  }, [editor, plan, step, texts]);

  const goTo = (next: Step) => {
    setProblem(null);
    setStep(next);
    heading.current?.focus();
  };
  const nextFromDraw = () => {
    const found = drawProblem(editor, texts);
    if (found) {
      setProblem(found);
      return;
    }
    if (editor.drawing) dispatch({ type: "finish" });
    goTo("choose");
  };
  const nextFromChoose = () => {
    if (!board || !choice.systemId) {
      setProblem(t("choose.pickBoard"));
      return;
    }
    goTo("result");
  };
  const chooseBoard = (sku: string) => {
    if (!catalogue) return;
    const picked = catalogue.boards.find((candidate) => candidate.sku === sku);
    const fitting = systemsFor(catalogue, picked);
    setChoice((current) => ({
      ...current,
      boardSku: sku,
      systemId: fitting.some((system) => system.id === current.systemId) ? current.systemId : (fitting[0]?.id ?? null),
    }));
    setProblem(null);
  };

  /** The plan's number: the saved one while the plan is unchanged, else a new save (one key per plan, reused on retry). */
  const ensureSaved = async (): Promise<string | null> => {
    const body = JSON.stringify(plan);
    if (saved && saved.body === body) return saved.number;
    if (!attempt.current || attempt.current.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    const result = await saveConfiguration(plan, attempt.current.key);
    if (!result.ok || !result.data) {
      setMessage({ kind: "error", key: errorKey(result) === "planner.notFound" ? "planner.failed" : errorKey(result) });
      return null;
    }
    setSaved({ number: result.data.number, body });
    if (result.data.bill) setServerBill(result.data.bill);
    const url = new URL(window.location.href);
    url.searchParams.set("number", result.data.number);
    window.history.replaceState(null, "", url.toString());
    return result.data.number;
  };
  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(async () => {
      const number = await ensureSaved();
      if (number) setMessage({ kind: "info", key: "result.saved", params: { number } });
    });
  const toCart = () =>
    run(async () => {
      const number = await ensureSaved();
      if (!number) return;
      const result = await configurationToCart(number, newIdempotencyKey());
      if (!result.ok || !result.data) {
        setMessage({ kind: "error", key: errorKey(result) });
        return;
      }
      if (result.data.skipped.length > 0) {
        // Say what did not go in (out of stock, not sold here) and leave the way to the cart to the visitor.
        setSkipped(result.data.skipped.map((line) => line.name));
        return;
      }
      window.location.assign(cartPath(shop, language));
    });
  const requestOffer = () =>
    run(async () => {
      if (await ensureSaved()) setOfferOpen(true);
    });

  return (
    <div className="terrace-planner" data-testid="terrace-planner" data-step={step}>
      <ol className="terrace-steps" aria-label={t("planner.steps.label")}>
        {PLANNER_STEPS.map((candidate, index) => (
          <li key={candidate} aria-current={candidate === step ? "step" : undefined} className={candidate === step ? "active" : undefined}>
            {index + 1}. {t(`planner.steps.${candidate}`)}
          </li>
        ))}
      </ol>
      <h2 ref={heading} tabIndex={-1} className="terrace-step-title">
        {t(`planner.steps.${step}`)}
      </h2>
      {message ? (
        <p className={message.kind === "error" ? "notice" : "notice-info"} role={message.kind === "error" ? "alert" : "status"} data-testid="planner-message">
          {t(message.key, message.params ?? {})}
        </p>
      ) : null}

      {step === "draw" ? (
        <>
          <DrawingEditor state={editor} dispatch={dispatch} area={area} />
          {problem ? (
            <p className="notice" role="alert" data-testid="step-problem">
              {problem}
            </p>
          ) : null}
          <div className="terrace-actions">
            <button type="button" className="button" data-testid="to-choose" onClick={nextFromDraw}>
              {t("planner.next")}
            </button>
          </div>
        </>
      ) : null}

      {step === "choose" ? (
        <>
          {catalogueFailed ? (
            <p className="notice" role="alert" data-testid="planner-error">
              {t("planner.catalogueFailed")}
            </p>
          ) : !catalogue ? (
            <p className="muted" role="status">
              {t("planner.loading")}
            </p>
          ) : (
            <ChooseStep catalogue={catalogue} choice={choice} board={board} systems={systems} onBoard={chooseBoard} onChoice={setChoice} />
          )}
          {problem ? (
            <p className="notice" role="alert" data-testid="step-problem">
              {problem}
            </p>
          ) : null}
          <div className="terrace-actions">
            <button type="button" className="button secondary" onClick={() => goTo("draw")}>
              {t("planner.back")}
            </button>
            <button type="button" className="button" data-testid="to-result" onClick={nextFromChoose}>
              {t("planner.next")}
            </button>
          </div>
        </>
      ) : null}

      {step === "result" ? (
        <div className="terrace-result" data-testid="terrace-result">
          <h2 className="terrace-print-only">{t("result.printHeading")}</h2>
          {saved ? (
            <p className="terrace-number" data-testid="configuration-number-line">
              {t("result.number")}: <strong data-testid="configuration-number">{saved.number}</strong>
            </p>
          ) : null}
          {board ? (
            <p>
              <strong>{board.name}</strong> <span className="muted">{board.sku}</span>
            </p>
          ) : null}
          <PlanDrawing plan={plan} board={board ?? null} layout={computed?.layout ?? null} label={t("result.drawing")} />
          {computed ? (
            <p data-testid="layout-facts">
              {t("result.facts", {
                area: formatMetres(computed.layout.areaM2, language, 2),
                rows: computed.layout.rows,
                spacing: computed.layout.joists.spacingCm,
              })}
            </p>
          ) : null}
          {bill ? <BillTable lines={bill.lines} total={bill.total} wastePercent={computed?.layout.boards.wastePercent ?? null} /> : null}
          <div className="terrace-actions terrace-no-print">
            <button type="button" className="button secondary" onClick={() => goTo("choose")}>
              {t("planner.back")}
            </button>
            <button type="button" className="button link" onClick={() => goTo("draw")}>
              {t("result.edit")}
            </button>
            <button type="button" className="button secondary" data-testid="save-plan" disabled={busy} onClick={() => void save()}>
              {t("result.save")}
            </button>
            <button type="button" className="button secondary" data-testid="print-plan" onClick={() => window.print()}>
              {t("result.print")}
            </button>
            <button type="button" className="button secondary" data-testid="offer-plan" disabled={busy || !board} onClick={() => void requestOffer()}>
              {t("result.offer")}
            </button>
            <button type="button" className="button" data-testid="plan-to-cart" disabled={busy || !bill} onClick={() => void toCart()}>
              {t("result.toCart")}
            </button>
          </div>
          {skipped ? (
            <div className="notice" role="alert" data-testid="cart-skipped">
              <p>{t("result.addedSkipped", { count: skipped.length })}</p>
              <ul>
                {skipped.map((name, index) => (
                  <li key={index}>{name}</li>
                ))}
              </ul>
              <a className="button" href={cartPath(shop, language)} data-testid="to-cart-page">
                {t("result.toCartPage")}
              </a>
            </div>
          ) : null}
          {offerOpen && board && saved ? (
            <React.Suspense fallback={null}>
              <InquiryModal
                type="offer"
                language={language}
                quantity={null}
                configuration={saved.number}
                product={{ sku: board.sku, name: board.name, unit: null, image: boardImage(board), link: board.link }}
                onClose={() => setOfferOpen(false)}
              />
            </React.Suspense>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ChooseStep({
  catalogue,
  choice,
  board,
  systems,
  onBoard,
  onChoice,
}: {
  catalogue: TerraceCatalogue;
  choice: Choice;
  board: PlannerBoard | undefined;
  systems: TerraceCatalogue["systems"];
  onBoard: (sku: string) => void;
  onChoice: React.Dispatch<React.SetStateAction<Choice>>;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n?.language ?? "de";
  return (
    <div className="terrace-choose" data-testid="terrace-choose">
      <fieldset className="terrace-boards">
        <legend>{t("choose.boards")}</legend>
        {catalogue.boards.length === 0 ? <p>{t("choose.noBoards")}</p> : null}
        <ul>
          {catalogue.boards.map((candidate) => {
            const image = boardImage(candidate);
            const distinction = boardDistinction(candidate, catalogue.boards, t);
            return (
              <li key={candidate.sku}>
                <label className={`terrace-board${candidate.sku === choice.boardSku ? " chosen" : ""}`} data-testid="board-option">
                  <input
                    type="radio"
                    name="terrace-board"
                    value={candidate.sku}
                    checked={candidate.sku === choice.boardSku}
                    onChange={() => onBoard(candidate.sku)}
                  />
                  {image ? <img src={image.src} alt="" width={64} height={64} loading="lazy" /> : null}
                  <span>
                    <strong>{candidate.name}</strong>
                    {distinction ? (
                      <span className="muted small" data-testid="board-distinction">
                        {distinction}
                      </span>
                    ) : null}
                    <span className="muted small">{t("choose.boardSize", { length: candidate.lengthMm, width: candidate.widthMm, gap: candidate.gapMm })}</span>
                    <span>
                      {formatMoney(candidate.packagePrice.amount, candidate.packagePrice.currency, language)} /{" "}
                      {formatMetres(candidate.packageContent, language, 2)} {unitLabel(t, candidate.unit)}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {/* The substructure is a choice of its own (the landing page promises it): every system of the board's family, each with its kind; it feeds the bill. */}
      {board ? (
        systems.length === 0 ? (
          <p className="notice">{t("choose.noSystem")}</p>
        ) : (
          <fieldset className="terrace-boards terrace-systems" data-testid="systems">
            <legend>{t("choose.system")}</legend>
            <ul>
              {systems.map((system) => (
                <li key={system.id}>
                  <label className={`terrace-board${system.id === choice.systemId ? " chosen" : ""}`} data-testid="system-option" data-system={system.id}>
                    <input
                      type="radio"
                      name="terrace-system"
                      value={system.id}
                      checked={system.id === choice.systemId}
                      onChange={() => onChoice((current) => ({ ...current, systemId: system.id }))}
                    />
                    <span>
                      <strong>{system.name}</strong>
                      <span className="muted small">{t(`choose.systemKinds.${system.kind}`)}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )
      ) : null}
      <div className="terrace-options">
        <span className="terrace-field">
          <label htmlFor="terrace-direction">{t("choose.direction")}</label>
          <input
            id="terrace-direction"
            type="number"
            min={0}
            max={179}
            step={1}
            value={choice.direction}
            aria-describedby="terrace-direction-help"
            data-testid="direction"
            onChange={(event) => {
              const value = Math.round(Number(event.target.value));
              if (Number.isFinite(value)) onChoice((current) => ({ ...current, direction: ((value % 180) + 180) % 180 }));
            }}
          />
          <span id="terrace-direction-help" className="muted small">
            {t("choose.directionHelp")}
          </span>
        </span>
        {board && systems.find((system) => system.id === choice.systemId)?.edge ? (
          <label className="terrace-check">
            <input
              type="checkbox"
              checked={choice.edgeBoards}
              data-testid="edge-boards"
              onChange={(event) => onChoice((current) => ({ ...current, edgeBoards: event.target.checked }))}
            />
            {t("choose.edgeBoards")}
          </label>
        ) : null}
      </div>
    </div>
  );
}
