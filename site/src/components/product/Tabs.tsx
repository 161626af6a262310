import React from "react";
import type { InterfaceToggle } from "@domain/tracking";
import { useInterfaceToggle } from "@site/lib/interface-toggle";

export interface TabDefinition {
  id: string;
  label: string;
  content: React.ReactNode;
  /** The interface toggle its showing and hiding are reported as (the product's description, technical data and tutorial sidebars); 'tab' without one. */
  toggle?: InterfaceToggle;
}

/** Accessible tabs; every panel is in the HTML (hidden ones with `hidden`), so all text is indexable. */
export function Tabs({ tabs, label }: { tabs: TabDefinition[]; label: string }) {
  const [active, setActive] = React.useState(0);
  const refs = React.useRef<(HTMLButtonElement | null)[]>([]);
  const move = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setActive(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={index === active}
            aria-controls={`panel-${tab.id}`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
            onKeyDown={(event) => {
              if (event.key === "ArrowRight") move(index + 1);
              else if (event.key === "ArrowLeft") move(index - 1);
              else if (event.key === "Home") move(0);
              else if (event.key === "End") move(tabs.length - 1);
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <TabPanel key={tab.id} tab={tab} shown={index === active} />
      ))}
    </div>
  );
}

/** A tab's panel; its showing and hiding are reported as its interface toggle. */
function TabPanel({ tab, shown }: { tab: TabDefinition; shown: boolean }) {
  useInterfaceToggle(tab.toggle ?? "tab", shown);
  return (
    <section role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} hidden={!shown} tabIndex={0} className="tabpanel">
      {tab.content}
    </section>
  );
}
