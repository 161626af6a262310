import { closeBrowser, mount, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { apiCall } from "@site/api/client";
import { LOADING_ATTRIBUTE, LOADING_DELAY_MS, startLoading } from "./loading-indicator";

beforeEach(async () => {
  await mount(React.createElement("p"));
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  unmountAll();
});
afterAll(closeBrowser);

const shown = () => document.documentElement.hasAttribute(LOADING_ATTRIBUTE);

describe("the full-screen loading indicator", () => {
  test("shows after the delay, not for what ends before it; overlapping loads keep it until the last ends; ending twice changes nothing", () => {
    const fast = startLoading();
    jest.advanceTimersByTime(LOADING_DELAY_MS - 1);
    fast();
    jest.advanceTimersByTime(LOADING_DELAY_MS);
    expect(shown()).toBe(false);

    const navigation = startLoading();
    const request = startLoading();
    jest.advanceTimersByTime(LOADING_DELAY_MS);
    expect(shown()).toBe(true);
    navigation();
    navigation();
    expect(shown()).toBe(true);
    request();
    expect(shown()).toBe(false);
  });

  test("a write the visitor made shows it while it runs (also when it fails), a read does not", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const networkFetch = globalThis.fetch;
    Object.assign(globalThis, { fetch: fetchMock });
    try {
      const read = apiCall("GET", "/apiv2/cart/");
      jest.advanceTimersByTime(LOADING_DELAY_MS * 2);
      expect(shown()).toBe(false);
      answer(Response.json({ status: 200, data: {} }));
      await read;

      const write = apiCall("POST", "/apiv2/cart/", { sku: "P-1", quantity: 1 });
      jest.advanceTimersByTime(LOADING_DELAY_MS);
      expect(shown()).toBe(true);
      answer(Response.json({ status: 500, data: null }, { status: 500 }));
      expect((await write).ok).toBe(false);
      expect(shown()).toBe(false);

      fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError("offline")));
      expect((await apiCall("PUT", "/apiv2/shipping/costs/country", { country: "at" })).status).toBe(0);
      jest.advanceTimersByTime(LOADING_DELAY_MS * 2);
      expect(shown()).toBe(false);
    } finally {
      Object.assign(globalThis, { fetch: networkFetch });
    }
  });
});
