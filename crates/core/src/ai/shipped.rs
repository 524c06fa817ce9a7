//! The n-tuple network as the game ships it: each weight a whole number of one step, those
//! numbers compressed, with a checksum. A trained 4×6-tuple network is 67 million weights
//! (256 MiB as f32, `ntuple`'s training format), most of them never visited and still at their
//! first value. Here each weight is `first value + code × step`; the codes are written as
//! zigzag LEB128 numbers (one byte for codes within ±63, and most are 0) and compressed with
//! deflate. The step decides the size: docs/ai.md measures what each step costs in strength
//! (with `network_formats`, an example since deleted: docs/ai.md says how to get it back); a
//! step of 32 played as well as the trained f32 weights and made the shipped network 28.7 MB.
//!
//! The layout, every number little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `G2048NQ\0` |
//! | 4 | the version, 2 |
//! | 4 | how many tuples |
//! | each tuple | its cell count (1 byte), then its cells (a byte each, `4y + x`) |
//! | 4 | the step, f32 |
//! | 4 | the first value, f32 |
//! | the rest but 4 | a raw deflate stream: every weight's code, in order, as zigzag LEB128 |
//! | 4 | CRC-32 of everything before it |
//!
//! Reading checks the checksum and the tables' size before it allocates the weights, and
//! refuses a file that is cut short, damaged, of another version, or with more or fewer codes
//! than weights, with the reason ([`NetworkError`]); it never panics. (Version 1, runs of
//! 16-bit weights, was never shipped: it made 61 MB of the trained network.)

use std::io::{Read, Write};

use super::ntuple::{CompactNetwork, Network, NetworkError};

const MAGIC: &[u8; 8] = b"G2048NQ\0";
const VERSION: u32 = 2;
/// The most weights a shipped file may name: eight 6-cell tuples (512 MiB as f32).
const MOST_WEIGHTS: u64 = 8 << 24;
/// The longest code: a zigzag `i32` takes at most 5 LEB128 bytes.
const LONGEST_CODE: u32 = 35;

/// The network in the shipped format, each weight rounded to the nearest whole number of `step`
/// from `first_value` (the value of every weight training never moved).
pub fn to_bytes(network: &Network, first_value: f32, step: f32) -> Vec<u8> {
    let mut codes = Vec::with_capacity(network.weights().len() + 1024);
    for &w in network.weights() {
        let code = ((w - first_value) / step).round() as i32;
        leb128(&mut codes, u64::from(((code << 1) ^ (code >> 31)) as u32));
    }
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(network.tuples().len() as u32).to_le_bytes());
    for cells in network.tuples() {
        out.push(cells.len() as u8);
        out.extend_from_slice(cells);
    }
    out.extend_from_slice(&step.to_le_bytes());
    out.extend_from_slice(&first_value.to_le_bytes());
    let mut deflate = flate2::write::DeflateEncoder::new(out, flate2::Compression::best());
    deflate.write_all(&codes).expect("compressing into memory");
    let mut out = deflate.finish().expect("compressing into memory");
    let check = crc32fast::hash(&out);
    out.extend_from_slice(&check.to_le_bytes());
    out
}

/// A network read from [`to_bytes`]'s format, as f32 weights (for training further or
/// comparing); anything else is refused with the reason.
pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
    let file = Parsed::of(bytes)?;
    let cells: Vec<&[u8]> = file.tuples.iter().map(Vec::as_slice).collect();
    // `Network::new` checks the tuples themselves.
    let mut network = Network::new(&cells, file.first_value)?;
    let weights = network.weights_mut();
    file.each_code(weights.len(), |at, code| {
        weights[at] = file.first_value + code as f32 * file.step;
    })?;
    Ok(network)
}

/// A network read from [`to_bytes`]'s format as it is played: its codes as `i16`s
/// ([`CompactNetwork`], half the memory of [`from_bytes`]'s and never both at once); a code
/// past an `i16`, and anything [`from_bytes`] refuses, is refused with the reason.
pub fn compact_from_bytes(bytes: &[u8]) -> Result<CompactNetwork, NetworkError> {
    let file = Parsed::of(bytes)?;
    let cells: Vec<&[u8]> = file.tuples.iter().map(Vec::as_slice).collect();
    let mut network = CompactNetwork::new(&cells, file.first_value, file.step)?;
    let codes = network.codes_mut();
    let mut too_far = false;
    file.each_code(codes.len(), |at, code| match i16::try_from(code) {
        Ok(code) => codes[at] = code,
        Err(_) => too_far = true,
    })?;
    if too_far {
        return Err(NetworkError::Damaged);
    }
    Ok(network)
}

/// A shipped file's header, checked, and where its codes start.
struct Parsed<'a> {
    tuples: Vec<Vec<u8>>,
    step: f32,
    first_value: f32,
    /// The deflated codes.
    codes: &'a [u8],
}

impl<'a> Parsed<'a> {
    /// The header of a file of [`to_bytes`]'s format, once its version, checksum and tables'
    /// size are found sound.
    fn of(bytes: &'a [u8]) -> Result<Self, NetworkError> {
        let body = bytes.strip_prefix(MAGIC).ok_or(NetworkError::NotANetwork)?;
        let mut reader = Reader { bytes: body, at: 0 };
        let version = reader.u32()?;
        if version != VERSION {
            return Err(NetworkError::UnknownVersion(version));
        }
        // The checksum before anything is made of the rest: a damaged file is said to be
        // damaged.
        let (content, check) = bytes
            .split_last_chunk::<4>()
            .ok_or(NetworkError::Truncated)?;
        if content.len() < MAGIC.len() + 4 || crc32fast::hash(content) != u32::from_le_bytes(*check)
        {
            return Err(NetworkError::Damaged);
        }
        let mut reader = Reader {
            bytes: &content[MAGIC.len()..],
            at: 4,
        };
        let count = reader.u32()?;
        if count > 64 {
            return Err(NetworkError::TooManyWeights(u64::from(count) << 24));
        }
        let mut tuples = Vec::new();
        for _ in 0..count {
            let len = usize::from(reader.byte()?);
            tuples.push(reader.take(len)?.to_vec());
        }
        let step = f32::from_bits(reader.u32()?);
        let first_value = f32::from_bits(reader.u32()?);
        if !step.is_finite() || !first_value.is_finite() {
            return Err(NetworkError::Damaged);
        }
        // A file names its tables' sizes: one that would make the game allocate more than the
        // largest network it could ship (512 MiB of weights) is refused before anything is
        // made.
        let weights: u64 = tuples
            .iter()
            .map(|t| 16u64.saturating_pow(t.len() as u32))
            .sum();
        if weights > MOST_WEIGHTS {
            return Err(NetworkError::TooManyWeights(weights));
        }
        Ok(Self {
            tuples,
            step,
            first_value,
            codes: &reader.bytes[reader.at..],
        })
    }

    /// Gives `put` each of the `count` weights' codes in turn, inflated a piece at a time
    /// (never more than the weights need, plus one byte to see whether the stream goes on past
    /// them); more or fewer codes than `count`, or a code cut short or too long, is refused.
    fn each_code(&self, count: usize, mut put: impl FnMut(usize, i32)) -> Result<(), NetworkError> {
        let mut inflate = flate2::read::DeflateDecoder::new(self.codes);
        let mut piece = vec![0u8; 1 << 16];
        let (mut at, mut number, mut shift) = (0usize, 0u32, 0u32);
        loop {
            let read = inflate
                .read(&mut piece)
                .map_err(|_| NetworkError::Damaged)?;
            if read == 0 {
                break;
            }
            for &byte in &piece[..read] {
                if shift >= LONGEST_CODE {
                    return Err(NetworkError::Damaged);
                }
                number |= u32::from(byte & 0x7f) << shift;
                if byte & 0x80 != 0 {
                    shift += 7;
                    continue;
                }
                if at >= count {
                    return Err(NetworkError::RunsPastTheEnd);
                }
                put(at, (number >> 1) as i32 ^ -((number & 1) as i32));
                (at, number, shift) = (at + 1, 0, 0);
            }
        }
        if at < count || shift > 0 {
            return Err(NetworkError::Truncated);
        }
        Ok(())
    }
}

/// The network in the file at `path`, in the shipped format or the training one; what cannot
/// be read, or is not a network, is refused with the path and the reason.
pub fn read(path: &std::path::Path) -> Result<Network, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    from_either(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// A network from a shipped file's bytes or a trained one's.
pub fn from_either(bytes: &[u8]) -> Result<Network, NetworkError> {
    if Network::is_training_file(bytes) {
        Network::from_bytes(bytes)
    } else {
        from_bytes(bytes)
    }
}

fn leb128(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Reads a file's numbers in turn; running out is [`NetworkError::Truncated`].
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], NetworkError> {
        let end = self.at.checked_add(n).ok_or(NetworkError::Truncated)?;
        let taken = self
            .bytes
            .get(self.at..end)
            .ok_or(NetworkError::Truncated)?;
        self.at = end;
        Ok(taken)
    }

    fn byte(&mut self) -> Result<u8, NetworkError> {
        Ok(self.take(1)?[0])
    }

    fn u32(&mut self) -> Result<u32, NetworkError> {
        Ok(u32::from_le_bytes(
            *self.take(4)?.first_chunk::<4>().expect("four bytes"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small network with a few weights moved, in runs and alone.
    fn network() -> Network {
        let mut network = Network::new(&[&[0, 1, 2], &[4, 5]], 0.0).unwrap();
        let weights = network.weights_mut();
        for (k, w) in weights.iter_mut().enumerate() {
            if k % 97 < 5 || k == 4000 || k == weights_len() - 1 {
                *w = (k as f32 * 0.37).sin() * 1000.0;
            }
        }
        network
    }

    fn weights_len() -> usize {
        16usize.pow(3) + 16usize.pow(2)
    }

    /// The bytes before the checksum, and the checksum again over changed ones.
    fn sealed(mut content: Vec<u8>) -> Vec<u8> {
        let check = crc32fast::hash(&content);
        content.extend_from_slice(&check.to_le_bytes());
        content
    }

    /// A file's header with these tuples (step 1, first value 0), and `codes` deflated.
    fn file_of(tuples: &[&[u8]], codes: &[u8]) -> Vec<u8> {
        let mut out = Vec::from(&MAGIC[..]);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(tuples.len() as u32).to_le_bytes());
        for cells in tuples {
            out.push(cells.len() as u8);
            out.extend_from_slice(cells);
        }
        out.extend_from_slice(&1.0f32.to_le_bytes());
        out.extend_from_slice(&0.0f32.to_le_bytes());
        let mut deflate = flate2::write::DeflateEncoder::new(out, flate2::Compression::fast());
        deflate.write_all(codes).unwrap();
        sealed(deflate.finish().unwrap())
    }

    #[test]
    fn a_network_comes_back_within_half_a_step_and_smaller() {
        let network = network();
        let step = 4.0;
        let bytes = to_bytes(&network, 0.0, step);
        let back = from_bytes(&bytes).unwrap();
        assert_eq!(back.tuples(), network.tuples());
        for (a, b) in network.weights().iter().zip(back.weights()) {
            assert!((a - b).abs() <= step / 2.0 + 1e-3, "{a} against {b}");
            assert_eq!(b % step, 0.0, "{b} is a whole number of steps");
        }
        assert!(bytes.len() < weights_len() / 2, "{} bytes", bytes.len());
        // Read back and written again, the same bytes.
        assert_eq!(to_bytes(&back, 0.0, step), bytes);
        // An untouched network's 16.8 M codes of one zero byte each deflate to next to nothing
        // (deflate's best is about 1,000 to 1).
        let empty = Network::new(&[&[0, 1, 2, 3, 4, 5]], 0.0).unwrap();
        let bytes = to_bytes(&empty, 0.0, step);
        assert!(bytes.len() < 16usize.pow(6) / 1000, "{}", bytes.len());
        assert!(from_bytes(&bytes).unwrap() == empty);
        // Weights around another first value.
        let around = Network::new(&[&[0, 1]], 320.0).unwrap();
        assert!(from_bytes(&to_bytes(&around, 320.0, step)).unwrap() == around);
    }

    /// The network the game ships (assets/ai/ntuple.g2n): within the desktop's 32 MB, read
    /// without a fault, four 6-cell tuples, and it plays: greedily, one move ahead, its first
    /// two seeds' games reach 2048 (as 99.4 % of its last 5,000 training games did).
    #[test]
    fn the_shipped_network_reads_back_and_plays() {
        use crate::ai::deal::{max_exponent, rng, spawn};
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/ai/ntuple.g2n");
        let bytes = std::fs::read(path).unwrap();
        assert!(bytes.len() <= 32_000_000, "{} bytes", bytes.len());
        let network = from_bytes(&bytes).unwrap();
        assert_eq!(network.tuples().len(), 4);
        assert!(network.tuples().iter().all(|t| t.len() == 6));
        for seed in [1, 2] {
            let mut rng = rng(seed);
            let mut b = spawn(spawn(0, &mut rng), &mut rng);
            while max_exponent(b) < 11 {
                let (_, after, _) = network.greedy(b).expect("a move before 2048");
                b = spawn(after, &mut rng);
            }
        }
    }

    /// The played form values every board as the f32 form does (to f32 rounding: the codes
    /// add up exactly in integers), and refuses a code past an `i16`.
    #[test]
    fn the_compact_network_values_boards_as_the_f32_one() {
        let bytes = to_bytes(&network(), 0.0, 4.0);
        let (full, compact) = (
            from_bytes(&bytes).unwrap(),
            compact_from_bytes(&bytes).unwrap(),
        );
        assert_eq!(compact.weights(), weights_len());
        let mut rng = crate::ai::deal::rng(3);
        let mut b = 0;
        let mut differ = 0;
        for _ in 0..2_000 {
            b = crate::ai::deal::spawn(b, &mut rng);
            let (a, c) = (full.value(b), compact.value(b));
            assert!((a - c).abs() <= 1e-3 * a.abs().max(1.0), "{a} against {c}");
            differ += usize::from(a != 0.0);
            if crate::ai::packed::empty_count(b) == 0 {
                b = 0;
            }
        }
        assert!(differ > 500, "only {differ} boards of non-zero value");
        // A first value other than 0 counts once for each weight added.
        let around = Network::new(&[&[0, 1]], 320.0).unwrap();
        let compact = compact_from_bytes(&to_bytes(&around, 320.0, 4.0)).unwrap();
        assert_eq!(compact.value(0x1234), around.value(0x1234));
        // 40,000 steps: a code that an i16 cannot hold.
        let one: &[&[u8]] = &[&[0]];
        let mut codes = vec![0u8; 15];
        leb128(&mut codes, 80_000);
        assert!(from_bytes(&file_of(one, &codes)).is_ok());
        assert_eq!(
            compact_from_bytes(&file_of(one, &codes)).err(),
            Some(NetworkError::Damaged)
        );
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused_with_its_reason() {
        let bytes = to_bytes(&network(), 0.0, 4.0);
        assert_eq!(from_bytes(b"PNG").err(), Some(NetworkError::NotANetwork));
        assert_eq!(
            from_bytes(&bytes[..bytes.len() - 9]).err(),
            Some(NetworkError::Damaged)
        );
        assert_eq!(
            from_bytes(&bytes[..10]).err(),
            Some(NetworkError::Truncated)
        );
        let mut flipped = bytes.clone();
        flipped[40] ^= 1;
        assert_eq!(from_bytes(&flipped).err(), Some(NetworkError::Damaged));
        let mut older = bytes.clone();
        older[8] = 1;
        assert_eq!(
            from_bytes(&older).err(),
            Some(NetworkError::UnknownVersion(1))
        );
        // With a sound checksum: codes past the last weight, too few codes, a code cut in the
        // middle, a code longer than any weight's, and a stream that is not deflate. Refused,
        // never a panic.
        let one: &[&[u8]] = &[&[0]];
        assert!(from_bytes(&file_of(one, &[0; 16])).is_ok());
        assert_eq!(
            from_bytes(&file_of(one, &[0; 17])).err(),
            Some(NetworkError::RunsPastTheEnd)
        );
        assert_eq!(
            from_bytes(&file_of(one, &[0; 15])).err(),
            Some(NetworkError::Truncated)
        );
        let mut cut = vec![0; 15];
        cut.push(0x80);
        assert_eq!(
            from_bytes(&file_of(one, &cut)).err(),
            Some(NetworkError::Truncated)
        );
        let mut long = vec![0; 15];
        long.extend_from_slice(&[0xff; 6]);
        long.push(1);
        assert_eq!(
            from_bytes(&file_of(one, &long)).err(),
            Some(NetworkError::Damaged)
        );
        // The header: magic, version, count, one tuple of one cell, step and first value; then
        // a block of deflate's reserved type.
        let mut not_deflate = file_of(one, &[0; 16])[..8 + 4 + 4 + 2 + 4 + 4].to_vec();
        not_deflate.push(0xff);
        assert_eq!(
            from_bytes(&sealed(not_deflate)).err(),
            Some(NetworkError::Damaged)
        );
        // Tables larger than any network the game ships: refused before they are made.
        let nine: Vec<&[u8]> = (0..9).map(|_| &[0u8, 1, 2, 3, 4, 5][..]).collect();
        assert_eq!(
            from_bytes(&file_of(&nine, &[])).err(),
            Some(NetworkError::TooManyWeights(9 << 24))
        );
    }
}
