-- Video posters (docs/decisions/0047).
--
-- The still image a click-to-load video player shows before the click (no video or
-- third-party request until then). Named by the catalogue import for product videos
-- (media, kind 'video') and video tutorials; a path under /images/videos/. NULL for
-- images, text and PDF tutorials, and for videos imported without one (the player then
-- shows a plain frame with the play button).
ALTER TABLE media ADD COLUMN poster TEXT;
ALTER TABLE tutorials ADD COLUMN poster TEXT;
