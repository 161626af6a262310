/** The HTTP mail API transport against a real local HTTP server. */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { freePort } from "@scripts/lib/free-port";
import { httpTransport } from "./http-transport";
import type { MailMessage } from "./transport";

interface Received {
  method: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

let server: Server;
let url: string;
const received: Received[] = [];
let answer = { status: 200, body: '{"id":"m-1"}' };

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ method: request.method ?? "", headers: request.headers, body: JSON.parse(body) });
      response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  received.length = 0;
  answer = { status: 200, body: '{"id":"m-1"}' };
});

const message: MailMessage = {
  id: "mail-7.1",
  from: "Bodenhaus <service@bodenhaus.example>",
  to: "erika@example.com",
  subject: "Ihre Musterbestellung",
  html: "<p>Hallo</p>",
  text: "Hallo",
};

test("2xx: the mail went out as JSON with the bearer key and the row's idempotency key", async () => {
  await httpTransport({ url, key: "secret-key" }).send(message);
  expect(received).toEqual([
    {
      method: "POST",
      headers: expect.objectContaining({ authorization: "Bearer secret-key", "content-type": "application/json", "idempotency-key": "mail-7.1" }),
      body: { from: message.from, to: message.to, subject: message.subject, html: message.html, text: message.text },
    },
  ]);
  answer = { status: 202, body: "" };
  await expect(httpTransport({ url, key: "secret-key" }).send(message)).resolves.toBeUndefined();
});

test("a Reply-To goes as reply_to; without one the field is left out", async () => {
  await httpTransport({ url, key: "secret-key" }).send({ ...message, replyTo: "erika@example.com" });
  expect(received[0]!.body).toEqual({
    from: message.from,
    to: message.to,
    reply_to: "erika@example.com",
    subject: message.subject,
    html: message.html,
    text: message.text,
  });
});

test("any other answer is a failure naming the status and the start of the body", async () => {
  answer = { status: 500, body: '{"message":"internal error"}' };
  await expect(httpTransport({ url, key: "k" }).send(message)).rejects.toThrow('the mail API answered 500: {"message":"internal error"}');
  answer = { status: 401, body: "x".repeat(5000) };
  const failure = httpTransport({ url, key: "k" }).send(message);
  await expect(failure).rejects.toThrow(/^the mail API answered 401: x{300}$/);
});

test("nothing listening: a failure", async () => {
  await expect(httpTransport({ url: `http://127.0.0.1:${await freePort()}/emails`, key: "k" }).send(message)).rejects.toThrow();
});
