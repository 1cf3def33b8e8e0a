/** What an MP3's frames say about it: how many there are and how long they play. */
export interface Mp3Summary {
  frames: number;
  durationSeconds: number;
  sampleRate: number;
}

const LAYER_3_KBPS_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const LAYER_3_KBPS_MPEG2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Readonly<Record<number, readonly number[]>> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** Bytes an ID3v2 tag at the start takes (its size is "syncsafe": 7 bits a byte). */
function id3Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size = (bytes[6] << 21) | (bytes[7] << 14) | (bytes[8] << 7) | bytes[9];
  const footer = (bytes[5] & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/**
 * Walks the MPEG audio Layer III frames one after another (each header gives the next one's place),
 * so the duration is the frames' real sample count, not a guess from the file size. Null when the
 * bytes are not a run of Layer III frames from the start (after any ID3 tag).
 */
export function summariseMp3(bytes: Uint8Array): Mp3Summary | null {
  let offset = id3Length(bytes);
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1];
    const b2 = bytes[offset + 2];
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) break;
    const version = (b1 >> 3) & 0b11; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const layer = (b1 >> 1) & 0b11; // 1 = Layer III
    const bitrateIndex = b2 >> 4;
    const rateIndex = (b2 >> 2) & 0b11;
    if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) break;
    const mpeg1 = version === 3;
    const kbps = (mpeg1 ? LAYER_3_KBPS_MPEG1 : LAYER_3_KBPS_MPEG2)[bitrateIndex];
    const rate = SAMPLE_RATES[version][rateIndex];
    const padding = (b2 >> 1) & 1;
    const length = Math.floor(((mpeg1 ? 144 : 72) * kbps * 1000) / rate) + padding;
    frames++;
    samples += mpeg1 ? 1152 : 576;
    sampleRate = rate;
    offset += length;
  }
  if (frames === 0) return null;
  return { frames, durationSeconds: samples / sampleRate, sampleRate };
}
