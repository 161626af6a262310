/**
 * The back office's view of the contact page's messages (worker/shop-api/contact,
 * migrations/0028_contact.sql): `GET /admin/api/contact-messages?shop=&q=&limit=` (roles
 * service, ops) answers the newest first.
 */
import type { ContactTopic } from "../contact";

export interface StaffContactMessage {
  reference: string;
  shop: string;
  language: string;
  topic: ContactTopic;
  orderNumber: string | null;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  createdAt: string;
}

export interface StaffContactMessageList {
  messages: StaffContactMessage[];
}
