import React from "react";
import { Link } from "gatsby";

export interface Chip {
  key: string;
  to: string;
  label: string;
}

/** A titled row of link chips (manufacturers of a category, top SEO links); nothing when empty. */
export function ChipSection({ id, title, chips }: { id: string; title: string; chips: Chip[] }) {
  if (chips.length === 0) return null;
  return (
    <section aria-labelledby={id} className="section">
      <h2 id={id}>{title}</h2>
      <ul className="chips">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link to={chip.to} className="chip">
              {chip.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
