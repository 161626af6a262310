-- Sales campaigns (docs/decisions/0048-home-blocks-and-campaigns.md).
-- One row per shop, language and campaign identifier, written only by the catalogue import
-- (worker/shop-api/catalogue, section `campaigns`) and read by the GraphQL layer for the build
-- and by the rebuild pipeline's campaign clock (worker/shop-api/rebuilds/campaigns.ts).
-- A campaign runs while is_active = 1, is_archived = 0 and starts_at <= now < ends_at.
CREATE TABLE campaigns (
  shop_id TEXT NOT NULL REFERENCES shops(id),
  language TEXT NOT NULL,
  identifier TEXT NOT NULL,                -- the {black-week} of /static/{black-week}/layouts/BlackWeekCarousel
  name TEXT NOT NULL,                      -- campaignName
  description TEXT NOT NULL,               -- campaignDescription (sanitised rich text)
  coupon TEXT,                             -- campaignCoupon: a voucher code of the shop (vouchers table) or NULL
  starts_at TEXT NOT NULL,                 -- ISO 8601 UTC
  ends_at TEXT NOT NULL CHECK (ends_at > starts_at),
  is_active INTEGER NOT NULL CHECK (is_active IN (0, 1)),
  is_archived INTEGER NOT NULL CHECK (is_archived IN (0, 1)),
  navigation_is_active INTEGER NOT NULL CHECK (navigation_is_active IN (0, 1)),
  filter_is_active INTEGER NOT NULL CHECK (filter_is_active IN (0, 1)),
  navigation_banner TEXT,                  -- JSON {url, imageDesktop, imageMobile, text} or NULL
  start TEXT NOT NULL,                     -- JSON {isActive, url, imageDesktop, imageMobile}
  hub TEXT NOT NULL,                       -- JSON {isActive, identifier, bigImage {top, url, textLeft, textRight}, firstSlider, secondSlider}
  -- The state (upcoming, running, ended, off) the last rebuild request was written for; NULL
  -- until the campaign clock first saw the row (the import's own request covers it then).
  announced_state TEXT CHECK (announced_state IN ('upcoming', 'running', 'ended', 'off')),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (shop_id, language, identifier)
);
CREATE INDEX campaigns_dates ON campaigns(starts_at, ends_at);
