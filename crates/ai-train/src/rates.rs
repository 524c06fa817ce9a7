//! How sure a rate measured on a few games is: the Wilson score interval, which stays within
//! 0 to 1 and is honest at 0 and at all games, where the normal approximation is not.

/// The 95 % Wilson score interval of `successes` in `trials` (as fractions); (0, 1) for none.
pub fn wilson_95(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::wilson_95;

    #[test]
    fn the_interval_matches_worked_values() {
        // 18 of 20: 69.9 % to 97.2 %; 0 of 10: 0 to 27.8 %; 10 of 10: 72.2 % to 100 %.
        let close =
            |(a, b): (f64, f64), (c, d): (f64, f64)| (a - c).abs() < 5e-4 && (b - d).abs() < 5e-4;
        assert!(
            close(wilson_95(18, 20), (0.6990, 0.9721)),
            "{:?}",
            wilson_95(18, 20)
        );
        assert!(
            close(wilson_95(0, 10), (0.0, 0.2775)),
            "{:?}",
            wilson_95(0, 10)
        );
        assert!(
            close(wilson_95(10, 10), (0.7225, 1.0)),
            "{:?}",
            wilson_95(10, 10)
        );
        assert_eq!(wilson_95(0, 0), (0.0, 1.0));
        // More games, a narrower interval around the same rate.
        let (a, b) = wilson_95(40, 100);
        let (c, d) = wilson_95(400, 1000);
        assert!(a < c && d < b && a < 0.4 && 0.4 < b);
    }
}
