import React from "react";
import { Link } from "gatsby";

/** An internal path goes through Gatsby's Link, anything else is a plain link. */
export function CampaignLink({ to, className, testId, children }: { to: string; className?: string; testId?: string; children: React.ReactNode }) {
  if (to.startsWith("/") && !to.startsWith("//")) {
    return (
      <Link to={to} className={className} data-testid={testId}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={className} rel="noopener" data-testid={testId}>
      {children}
    </a>
  );
}
