//! What a profile's types cannot say, checked once as it loads: names and titles, sizes that
//! fit together, names that exist, and every number that scoring adds up held to its bound.

use super::{
    Card, Extra, MAX_END_AT, MAX_POINTS, MAX_SOLO_FACTOR, Profile, Rank, Text, WeddingPartner,
};

impl Profile {
    /// The deck: cards, ranks named once, players it can be dealt to evenly.
    pub(super) fn check_deck_size(&self) -> Result<(), Text> {
        let d = &self.deck;
        if d.ranks.is_empty() || d.copies == 0 {
            return Err(crate::msg!("error.deck_empty"));
        }
        if let Some((i, r)) = d
            .ranks
            .iter()
            .enumerate()
            .find(|(i, r)| d.ranks[..*i].contains(r))
        {
            return Err(crate::msg!(
                "error.deck_twice",
                rank = r.token(),
                entry = i + 1
            ));
        }
        if !(2..=6).contains(&d.players) {
            return Err(crate::msg!("error.deck_players", players = d.players));
        }
        let size = self.deck().size();
        if size > 48 {
            return Err(crate::msg!("error.deck_size", cards = size));
        }
        if !size.is_multiple_of(d.players as usize) {
            return Err(crate::msg!(
                "error.deck_uneven",
                cards = size,
                players = d.players
            ));
        }
        Ok(())
    }

    /// Refuses a name or title that would control a terminal or hides a character
    /// ([`crate::chars::check_label`]), naming its key.
    pub(super) fn check_labels(&self) -> Result<(), Text> {
        for (key, label) in [
            ("name", Some(&self.name)),
            ("title", Some(&self.title)),
            ("title_de", self.title_de.as_ref()),
            ("title_ja", self.title_ja.as_ref()),
        ] {
            if let Some(label) = label
                && let Err(e) = crate::chars::check_label(label)
            {
                return Err(Text::placed(key, e));
            }
        }
        Ok(())
    }

    /// Checks what the types cannot: sizes that fit together, names that exist.
    pub(super) fn validate(&self) -> Result<(), Text> {
        self.check_labels()?;
        self.check_deck_size()?;
        let d = &self.deck;
        if self.contracts.allowed.is_empty() {
            return Err(crate::msg!("error.no_contract"));
        }
        match self.contracts.wedding_partner.first() {
            Some(WeddingPartner::NamedTrick | WeddingPartner::NthTrick { .. }) => {
                return Err(crate::msg!("error.wedding_first_rule"));
            }
            None => return Err(crate::msg!("error.wedding_no_rule")),
            _ => {}
        }
        if let Some(r @ WeddingPartner::NthTrick { .. }) = self
            .contracts
            .wedding_partner
            .iter()
            .find(|r| matches!(r, WeddingPartner::NthTrick { .. }))
        {
            return Err(crate::msg!("error.profile_nth_trick", rule = r.to_string()));
        }
        let deck = self.deck();
        if d.joker && !d.ranks.contains(&Rank::Nine) {
            return Err(crate::msg!("error.profile_joker_nines"));
        }
        if d.trumps.contains(&Card::JOKER) && !d.joker {
            return Err(crate::msg!("error.profile_joker_trump"));
        }
        for (key, card) in [
            ("schweinchen", d.schweinchen),
            ("hyperschweinchen", d.hyperschweinchen),
            ("genscher", d.genscher),
        ] {
            if let Some(c) = card
                && deck.copies_of(c) != d.copies
            {
                return Err(crate::msg!(
                    "error.profile_one_hand",
                    key = key,
                    card = c,
                    copies = d.copies,
                    has = deck.copies_of(c)
                ));
            }
        }
        if d.hyperschweinchen.is_some() && d.schweinchen.is_none()
            || d.genscher.is_some() && d.hyperschweinchen.is_none()
        {
            return Err(crate::msg!("error.profile_schweinchen_chain"));
        }
        let c = &self.calls;
        if c.wedding_double && c.wedding_shift {
            return Err(crate::msg!("error.profile_double_shift"));
        }
        if c.wedding_shift_whole && !c.wedding_shift {
            return Err(crate::msg!("error.profile_shift_whole"));
        }
        if c.levels as usize > crate::calls::Call::ALL.len() {
            return Err(crate::msg!(
                "error.profile_call_levels",
                levels = c.levels,
                most = crate::calls::Call::ALL.len()
            ));
        }
        let hand = self.hand_size();
        if self.calls.deadlines.iter().any(|&n| n as usize > hand) {
            return Err(crate::msg!("error.deadline_hand", hand = hand));
        }
        // A target beyond the deck's eyes can never be reached.
        let total = self.deck().total_eyes();
        let w = &self.winning;
        for (key, target) in [
            ("winning.re_target", w.re_target),
            ("winning.kontra_target", w.kontra_target),
            (
                "winning.only_kontra_kontra_target",
                w.only_kontra_kontra_target,
            ),
        ] {
            if target > total {
                return Err(crate::msg!(
                    "error.target_beyond_deck",
                    key = key,
                    target = target,
                    total = total
                ));
            }
        }
        if self.league.deals == 0 {
            return Err(crate::msg!("error.league_no_deals"));
        }
        self.check_bounds()
    }

    /// Every number that scoring multiplies or adds up is bounded here, where it enters,
    /// so that no deal's points can overflow: at most [`MAX_POINTS`] per item, a solo
    /// factor of at most [`MAX_SOLO_FACTOR`], an end score of at most [`MAX_END_AT`].
    /// (A deal has fewer than 100 items, doubled at most four times: its value stays far
    /// inside an `i32`, and times a multiplier of at most 2^16, inside an `i64`.)
    pub(super) fn check_bounds(&self) -> Result<(), Text> {
        let (s, e, k) = (&self.scoring, &self.extras, &self.knocking);
        let mut points: Vec<(String, i32)> = vec![
            (
                "contracts.misere_ouvert_bonus".into(),
                self.contracts.misere_ouvert_bonus,
            ),
            ("scoring.won".into(), s.won),
            ("scoring.under".into(), s.under),
            ("scoring.announce".into(), s.announce),
            ("scoring.call_level".into(), s.call_level),
            ("scoring.reached_against".into(), s.reached_against),
            ("scoring.defence_won".into(), s.defence_won),
            ("scoring.both_called".into(), s.both_called),
            ("scoring.reply_points".into(), s.reply_points),
            ("knocking.all_tricks".into(), k.all_tricks),
            ("knocking.knocked_back".into(), k.knocked_back),
            ("knocking.alone".into(), k.alone),
            ("extras.against_the_old".into(), e.against_the_old),
        ];
        for x in Extra::all() {
            points.push((format!("extras.{}", x.row().key), self.extra_points(x)));
        }
        let bands = s.eye_table.iter().chain([&s.eye_table_all_tricks]);
        for (i, b) in bands.enumerate() {
            for (col, v) in [
                ("re", b.re),
                ("kontra", b.kontra),
                ("re_alone", b.re_alone),
                ("kontra_alone", b.kontra_alone),
            ] {
                let key = if i < s.eye_table.len() {
                    format!("scoring.eye_table[{i}].{col}")
                } else {
                    format!("scoring.eye_table_all_tricks.{col}")
                };
                points.push((key, v));
            }
        }
        for (key, v) in points {
            if !(-MAX_POINTS..=MAX_POINTS).contains(&v) {
                return Err(crate::msg!(
                    "error.points_range",
                    key = key,
                    points = v,
                    min = -MAX_POINTS,
                    max = MAX_POINTS
                ));
            }
        }
        if !(1..=MAX_SOLO_FACTOR).contains(&s.solo_factor) {
            return Err(crate::msg!(
                "error.solo_factor",
                factor = s.solo_factor,
                max = MAX_SOLO_FACTOR
            ));
        }
        if !(2..=3).contains(&self.bock.factor) {
            return Err(crate::msg!("error.bock_factor", factor = self.bock.factor));
        }
        let penalty = self.league.penalty;
        if !(1..=crate::limits::MAX_PENALTY).contains(&penalty) {
            return Err(crate::msg!(
                "error.points_range",
                key = "league.penalty",
                points = penalty,
                min = 1,
                max = crate::limits::MAX_PENALTY
            ));
        }
        if !(0..=MAX_END_AT).contains(&self.league.end_at) {
            return Err(crate::msg!(
                "error.end_at",
                end = self.league.end_at,
                max = MAX_END_AT
            ));
        }
        Ok(())
    }
}
