/**
 * The demo catalogue's videos (docs/decisions/0068): a short clip per kind of floor (3 s,
 * 640x360, a slow pan across the floor's drawn texture; H.264 in MP4, or VP8 in WebM for a
 * `.webm` path), made once with the bundled ffmpeg and cached like the pictures; every video
 * path of the catalogue of that kind shares it.
 */
import { execFile } from "node:child_process";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import ffmpeg from "@ffmpeg-installer/ffmpeg";
import sharp from "sharp";
import { drawRaster, type RasterSpec } from "./art";

const run = promisify(execFile);

export type VideoFormat = "mp4" | "webm";

const CODEC: Record<VideoFormat, string[]> = {
  mp4: ["-c:v", "libx264", "-preset", "veryfast", "-crf", "30", "-profile:v", "main", "-movflags", "+faststart"],
  webm: ["-c:v", "libvpx", "-crf", "30", "-b:v", "400k", "-deadline", "realtime"],
};

export const VIDEO = { width: 640, height: 360, seconds: 3, fps: 25 } as const;
/** The drawn floor the camera pans across. */
const SOURCE = { width: 800, height: 450 } as const;

/** Writes the video of a drawn texture to `file` (an MP4 with its index first, so a player starts before the end arrives). */
export async function renderVideo(spec: RasterSpec, file: string, format: VideoFormat): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    const still = join(tmp, "still.png");
    await sharp(drawRaster(spec, SOURCE.width, SOURCE.height), { raw: { width: SOURCE.width, height: SOURCE.height, channels: 3 } })
      .png()
      .toFile(still);
    const pan = `crop=${VIDEO.width}:${VIDEO.height}:x='t*${Math.floor((SOURCE.width - VIDEO.width) / VIDEO.seconds)}':y=${(SOURCE.height - VIDEO.height) / 2},format=yuv420p`;
    const out = join(tmp, `video.${format}`);
    await run(ffmpeg.path, [
      ...["-hide_banner", "-loglevel", "error", "-y", "-loop", "1", "-framerate", String(VIDEO.fps), "-i", still],
      ...["-t", String(VIDEO.seconds), "-vf", pan, ...CODEC[format], "-threads", "1", "-map_metadata", "-1", "-an", out],
    ]);
    rmSync(file, { force: true });
    renameSync(out, file);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
