import React from "react";
import type { PageProps } from "gatsby";

/** Benchmark baseline only (npm run bench:build): a page with a title and no data query. */
export default function TrivialPage({ pageContext }: PageProps<object, { title: string }>) {
  return <h1>{pageContext.title}</h1>;
}
