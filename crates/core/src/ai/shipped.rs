//! The n-tuple network as the game ships it: the weights quantised to 16 bits and stored
//! sparsely, with a checksum. A trained 4×6-tuple network is 67 million weights (256 MiB as
//! f32, `ntuple`'s training format), most of them never visited and still at their first
//! value; this file keeps only the runs of weights that moved, each weight as an `i16` times
//! one scale, so it is a fraction of that size (docs/ai.md gives the sizes).
//!
//! The layout, every number little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `G2048NQ\0` |
//! | 4 | the version, 1 |
//! | 4 | how many tuples |
//! | each tuple | its cell count (1 byte), then its cells (a byte each, `4y + x`) |
//! | 4 | the scale, f32: a weight is its `i16` times the scale |
//! | 4 | the first value, f32: what every weight not in a run is |
//! | runs | a LEB128 count of weights at the first value, a LEB128 count of weights that follow, and those weights as `i16`s; until the last weight |
//! | 4 | CRC-32 of everything before it |
//!
//! Reading checks everything before it allocates the weights, and refuses a file that is cut
//! short, damaged, of a newer version or of runs past the last weight, with the reason
//! ([`NetworkError`]); it never panics.

use super::ntuple::{Network, NetworkError};

const MAGIC: &[u8; 8] = b"G2048NQ\0";
const VERSION: u32 = 1;
/// The most weights a shipped file may name: eight 6-cell tuples (512 MiB as f32).
const MOST_WEIGHTS: u64 = 8 << 24;

/// The network in the shipped format. Weights within half a quantisation step of the first
/// value (the network's most common weight) are stored as it.
pub fn to_bytes(network: &Network, first_value: f32) -> Vec<u8> {
    let weights = network.weights();
    let largest = weights
        .iter()
        .map(|w| (w - first_value).abs())
        .fold(0.0f32, f32::max);
    let scale = if largest > 0.0 {
        largest / f32::from(i16::MAX)
    } else {
        1.0
    };
    let quantised: Vec<i16> = weights
        .iter()
        .map(|w| ((w - first_value) / scale).round() as i16)
        .collect();

    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(network.tuples().len() as u32).to_le_bytes());
    for cells in network.tuples() {
        out.push(cells.len() as u8);
        out.extend_from_slice(cells);
    }
    out.extend_from_slice(&scale.to_le_bytes());
    out.extend_from_slice(&first_value.to_le_bytes());
    let mut at = 0;
    while at < quantised.len() {
        let skip = quantised[at..].iter().take_while(|&&q| q == 0).count();
        at += skip;
        // A run ends at a stretch of zeros long enough to be cheaper skipped (a run's two
        // counts cost about 4 bytes: two zero weights).
        let mut end = at;
        while end < quantised.len() {
            let zeros = quantised[end..]
                .iter()
                .take(3)
                .take_while(|&&q| q == 0)
                .count();
            if zeros >= 3 || end + zeros == quantised.len() {
                break;
            }
            end += zeros.max(1);
        }
        leb128(&mut out, skip as u64);
        leb128(&mut out, (end - at) as u64);
        for q in &quantised[at..end] {
            out.extend_from_slice(&q.to_le_bytes());
        }
        at = end;
    }
    let check = crc32fast::hash(&out);
    out.extend_from_slice(&check.to_le_bytes());
    out
}

/// A network read from [`to_bytes`]'s format; anything else is refused with the reason.
pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
    let body = bytes.strip_prefix(MAGIC).ok_or(NetworkError::NotANetwork)?;
    let mut reader = Reader { bytes: body, at: 0 };
    let version = reader.u32()?;
    if version != VERSION {
        return Err(NetworkError::UnknownVersion(version));
    }
    // The checksum before anything is made of the rest: a damaged file is said to be damaged.
    let (content, check) = bytes
        .split_last_chunk::<4>()
        .ok_or(NetworkError::Truncated)?;
    if content.len() < MAGIC.len() + 4 || crc32fast::hash(content) != u32::from_le_bytes(*check) {
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
    let scale = f32::from_bits(reader.u32()?);
    let first_value = f32::from_bits(reader.u32()?);
    if !scale.is_finite() || !first_value.is_finite() {
        return Err(NetworkError::Damaged);
    }
    // A file names its tables' sizes: one that would make the game allocate more than the
    // largest network it could ship (512 MiB of weights) is refused before anything is made.
    let weights: u64 = tuples
        .iter()
        .map(|t| 16u64.saturating_pow(t.len() as u32))
        .sum();
    if weights > MOST_WEIGHTS {
        return Err(NetworkError::TooManyWeights(weights));
    }
    let cells: Vec<&[u8]> = tuples.iter().map(Vec::as_slice).collect();
    // `Network::new` checks the tuples themselves.
    let mut network = Network::new(&cells, first_value)?;
    let weights = network.weights_mut();
    let mut at = 0usize;
    while reader.at < reader.bytes.len() {
        let skip = reader.leb128()?;
        let run = reader.leb128()?;
        let start = at.checked_add(skip).ok_or(NetworkError::RunsPastTheEnd)?;
        let end = start.checked_add(run).ok_or(NetworkError::RunsPastTheEnd)?;
        if end > weights.len() {
            return Err(NetworkError::RunsPastTheEnd);
        }
        for w in &mut weights[start..end] {
            let q = i16::from_le_bytes(*reader.take(2)?.first_chunk::<2>().expect("two bytes"));
            *w = first_value + f32::from(q) * scale;
        }
        at = end;
    }
    Ok(network)
}

/// The network in the file at `path`, in the shipped format or the training one; what cannot
/// be read, or is not a network, is refused with the path and the reason.
pub fn read(path: &std::path::Path) -> Result<Network, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let network = if Network::is_training_file(&bytes) {
        Network::from_bytes(&bytes)
    } else {
        from_bytes(&bytes)
    };
    network.map_err(|e| format!("{}: {e}", path.display()))
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

    fn leb128(&mut self) -> Result<usize, NetworkError> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            n |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return usize::try_from(n).map_err(|_| NetworkError::RunsPastTheEnd);
            }
        }
        Err(NetworkError::Damaged)
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

    #[test]
    fn a_network_comes_back_within_half_a_step_and_smaller() {
        let network = network();
        let bytes = to_bytes(&network, 0.0);
        let back = from_bytes(&bytes).unwrap();
        assert_eq!(back.tuples(), network.tuples());
        let step = 1000.0 / f32::from(i16::MAX);
        for (a, b) in network.weights().iter().zip(back.weights()) {
            assert!((a - b).abs() <= step / 2.0 + 1e-3, "{a} against {b}");
        }
        assert!(bytes.len() < 4 * weights_len() / 4, "{} bytes", bytes.len());
        // An untouched network is a header, one run and the check.
        let empty = Network::new(&[&[0, 1, 2, 3, 4, 5]], 0.0).unwrap();
        assert_eq!(
            to_bytes(&empty, 0.0).len(),
            8 + 4 + 4 + 7 + 4 + 4 + 4 + 1 + 4
        );
        assert!(from_bytes(&to_bytes(&empty, 0.0)).unwrap() == empty);
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused_with_its_reason() {
        let bytes = to_bytes(&network(), 0.0);
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
        let mut newer = bytes.clone();
        newer[8] = 2;
        assert_eq!(
            from_bytes(&newer).err(),
            Some(NetworkError::UnknownVersion(2))
        );
        // Runs past the last weight, with a sound checksum: refused, not a panic.
        let mut long = bytes[..bytes.len() - 4].to_vec();
        leb128(&mut long, 1 << 40);
        leb128(&mut long, 1);
        long.extend_from_slice(&[0, 0]);
        let check = crc32fast::hash(&long);
        long.extend_from_slice(&check.to_le_bytes());
        assert_eq!(from_bytes(&long).err(), Some(NetworkError::RunsPastTheEnd));
        // Tables larger than any network the game ships: refused before they are made.
        let nine: Vec<[u8; 6]> = (0..9).map(|_| [0, 1, 2, 3, 4, 5]).collect();
        let mut huge = Vec::from(&MAGIC[..]);
        huge.extend_from_slice(&VERSION.to_le_bytes());
        huge.extend_from_slice(&9u32.to_le_bytes());
        for cells in &nine {
            huge.push(6);
            huge.extend_from_slice(cells);
        }
        huge.extend_from_slice(&1.0f32.to_le_bytes());
        huge.extend_from_slice(&0.0f32.to_le_bytes());
        let check = crc32fast::hash(&huge);
        huge.extend_from_slice(&check.to_le_bytes());
        assert_eq!(
            from_bytes(&huge).err(),
            Some(NetworkError::TooManyWeights(9 << 24))
        );
    }
}
