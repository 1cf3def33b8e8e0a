/** One ISO-BMFF box: its size (big-endian, header included), its four-letter type, then its payload. */
function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(payload.length + 8, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/**
 * A small but well-formed MP4: an `ftyp` box (brand isom), a `moov` with a one-second movie header
 * and an `mdat` of `mediaBytes` bytes, so range requests have something to cut. What the gateway's
 * type check and the player's metadata request need, built here because no encoder is installed.
 */
export function buildTinyMp4(mediaBytes = 4096): Buffer {
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41', 'latin1')]));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale: milliseconds
  mvhd.writeUInt32BE(1000, 16); // duration: one second
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].forEach((value, index) => mvhd.writeUInt32BE(value, 36 + index * 4)); // identity matrix
  mvhd.writeUInt32BE(1, 96); // next track id
  const media = Buffer.alloc(mediaBytes);
  for (let index = 0; index < mediaBytes; index += 1) media[index] = index % 251;
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), box('mdat', media)]);
}

/** The first bytes of a WebM file: an EBML header whose doc type is `webm`. */
export function buildWebmHeader(): Buffer {
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from('webm', 'latin1'), Buffer.alloc(32)]);
}
