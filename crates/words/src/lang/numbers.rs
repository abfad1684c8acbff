//! Numbers as a reader writes them in a flag's value, refused in her language (the parsers
//! of the command line's crates answer in English: "invalid digit found in string").

use super::Lang;

/// A whole number from `min` to `max`; else what it is not, in `lang` ("not a whole number
/// of at least 1" where there is no upper bound to speak of).
pub fn whole(s: &str, min: i128, max: i128, lang: Lang) -> Result<i128, String> {
    // Read wider than the bound: a number past it is named with the bound it passes.
    let n = s.trim().parse::<i128>().ok();
    match n {
        Some(n) if (min..=max).contains(&n) => Ok(n),
        _ if max >= i128::from(i64::MAX) && n.is_none_or(|n| n < min) => {
            Err(crate::tr!(lang, "cli.not_at_least", value = s, min = min))
        }
        _ => Err(crate::tr!(
            lang,
            "cli.not_in_range",
            value = s,
            min = min,
            max = max
        )),
    }
}

/// A finite number (`16`, `12.5`, `-3`); else that it is not one, in `lang`.
pub fn decimal(s: &str, lang: Lang) -> Result<f64, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|n| n.is_finite())
        .ok_or_else(|| crate::tr!(lang, "cli.not_a_number", value = s))
}

#[cfg(test)]
mod tests {
    use super::{Lang, decimal, whole};

    #[test]
    fn numbers_are_refused_in_the_readers_language() {
        assert_eq!(whole(" 7 ", 1, 10, Lang::En), Ok(7));
        assert_eq!(
            whole("x", 0, 65535, Lang::En).unwrap_err(),
            "`x` is not a whole number from 0 to 65535"
        );
        assert_eq!(
            whole("0", 1, i128::from(u64::MAX), Lang::En).unwrap_err(),
            "`0` is not a whole number of at least 1"
        );
        assert_eq!(decimal("12.5", Lang::En), Ok(12.5));
        assert_eq!(
            decimal("inf", Lang::En).unwrap_err(),
            "`inf` is not a number"
        );
        assert!(decimal("x", Lang::De).unwrap_err().contains("keine Zahl"));
        assert!(!whole("x", 0, 9, Lang::Ja).unwrap_err().contains("not"));
    }
}
