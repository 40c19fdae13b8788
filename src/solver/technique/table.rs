//! The rows of HoDoKu's technique table, once: every slot of HoDoKu's search order with its
//! finder and its techniques. [`technique_rows!`] hands them to a macro: the parent module
//! expands them into the [`Technique`](super::Technique) enum, its facts and
//! [`SLOTS`](super::SLOTS) with the finder column ignored (so the enum imports no finder), and
//! `techniques/registry.rs` expands them again binding each slot's finder.
//!
//! A slot is `slot arg, order, default_on, finder => { techniques }`; `leads` instead of `slot`
//! marks a finder that reports its hint's step first and then its whole list (that step again
//! in its place: HoDoKu's hint and its list of every step are two searches there); `fish arg,
//! order, default_on => { technique }` is a fish slot, whose finder is the fish search for the
//! technique's kind. Finders are named from `crate::solver::techniques`. A technique is
//! `Variant: code, arg, name, level, score, family, chain kind, library digits;` where a fish's
//! family is `Fish(plain|finned|sashimi, Basic|Franken|Mutant, size)`.

/// Calls `$then! { rows }` with the table's rows.
macro_rules! technique_rows {
    ($then:ident) => {
        $then! {
            slot "fh", 100, true, singles::full_house => {
                FullHouse: "0000", "fh", "Full House", Easy, 4, Single, NotChain, Pattern;
            }
            leads "n1", 200, true, singles::naked_single => {
                NakedSingle: "0003", "n1", "Naked Single", Easy, 4, Single, NotChain, Pattern;
            }
            leads "h1", 300, true, singles::hidden_single => {
                HiddenSingle: "0002", "h1", "Hidden Single", Easy, 14, Single, NotChain, Pattern;
            }
            slot "l2", 1000, true, subsets::locked_pair => {
                LockedPair: "0110", "l2", "Locked Pair", Medium, 40, Pattern, NotChain, Pattern;
            }
            slot "l3", 1100, true, subsets::locked_triple => {
                LockedTriple: "0111", "l3", "Locked Triple", Medium, 60, Pattern, NotChain, Pattern;
            }
            slot "lc1", 1200, true, intersections::locked_candidates_1 => {
                LockedCandidates1: "0100", "lc1", "Locked Candidates Type 1 (Pointing)", Medium, 50, Pattern, NotChain, Pattern;
            }
            slot "lc2", 1210, true, intersections::locked_candidates_2 => {
                LockedCandidates2: "0101", "lc2", "Locked Candidates Type 2 (Claiming)", Medium, 50, Pattern, NotChain, Pattern;
            }
            slot "n2", 1300, true, subsets::naked_pair => {
                NakedPair: "0200", "n2", "Naked Pair", Medium, 60, Pattern, NotChain, Pattern;
            }
            slot "n3", 1400, true, subsets::naked_triple => {
                NakedTriple: "0201", "n3", "Naked Triple", Medium, 80, Pattern, NotChain, Pattern;
            }
            slot "h2", 1500, true, subsets::hidden_pair => {
                HiddenPair: "0210", "h2", "Hidden Pair", Medium, 70, Pattern, NotChain, Pattern;
            }
            slot "h3", 1600, true, subsets::hidden_triple => {
                HiddenTriple: "0211", "h3", "Hidden Triple", Medium, 100, Pattern, NotChain, Pattern;
            }
            slot "n4", 2000, true, subsets::naked_quadruple => {
                NakedQuadruple: "0202", "n4", "Naked Quadruple", Hard, 120, Pattern, NotChain, Pattern;
            }
            slot "h4", 2100, true, subsets::hidden_quadruple => {
                HiddenQuadruple: "0212", "h4", "Hidden Quadruple", Hard, 150, Pattern, NotChain, Pattern;
            }
            fish "bf2", 2200, true => {
                XWing: "0300", "bf2", "X-Wing", Hard, 140, Fish(plain, Basic, 2), NotChain, Pattern;
            }
            fish "bf3", 2300, true => {
                Swordfish: "0301", "bf3", "Swordfish", Hard, 150, Fish(plain, Basic, 3), NotChain, Pattern;
            }
            fish "bf4", 2400, true => {
                Jellyfish: "0302", "bf4", "Jellyfish", Hard, 160, Fish(plain, Basic, 4), NotChain, Pattern;
            }
            fish "bf5", 2500, false => {
                Squirmbag: "0303", "bf5", "Squirmbag", Unfair, 470, Fish(plain, Basic, 5), NotChain, Pattern;
            }
            fish "bf6", 2600, false => {
                Whale: "0304", "bf6", "Whale", Unfair, 470, Fish(plain, Basic, 6), NotChain, Pattern;
            }
            fish "bf7", 2700, false => {
                Leviathan: "0305", "bf7", "Leviathan", Unfair, 470, Fish(plain, Basic, 7), NotChain, Pattern;
            }
            leads "rp", 2800, true, chains::find_remote_pair => {
                RemotePair: "0703", "rp", "Remote Pair", Hard, 110, Chain, Chain, Pattern;
            }
            slot "bug1", 2900, true, bug::find_bug_plus_1 => {
                BugPlus1: "0610", "bug1", "Bivalue Universal Grave + 1", Hard, 100, Pattern, NotChain, Empty;
            }
            slot "sk", 3000, true, single_digit::find_skyscraper => {
                Skyscraper: "0400", "sk", "Skyscraper", Hard, 130, Chain, NotChain, Pattern;
            }
            slot "2sk", 3100, true, single_digit::find_two_string_kite => {
                TwoStringKite: "0401", "2sk", "2-String Kite", Hard, 150, Chain, NotChain, Pattern;
                DualTwoStringKite: "0404", "d2sk", "Dual 2-String Kite", Hard, 150, Chain, NotChain, Pattern;
            }
            leads "tf", 3120, true, chains::find_turbot_fish => {
                TurbotFish: "0403", "tf", "Turbot Fish", Hard, 120, Chain, NotChain, Pattern;
            }
            slot "er", 3170, true, single_digit::find_empty_rectangle => {
                EmptyRectangle: "0402", "er", "Empty Rectangle", Hard, 120, Chain, NotChain, Pattern;
                DualEmptyRectangle: "0405", "der", "Dual Empty Rectangle", Hard, 120, Chain, NotChain, Pattern;
            }
            slot "w", 3200, true, wings::find_w_wing => {
                WWing: "0803", "w", "W-Wing", Hard, 150, Chain, NotChain, Pattern;
            }
            slot "xy", 3300, true, wings::find_xy_wing => {
                XyWing: "0800", "xy", "XY-Wing", Hard, 160, Pattern, NotChain, Pattern;
            }
            slot "xyz", 3400, true, wings::find_xyz_wing => {
                XyzWing: "0801", "xyz", "XYZ-Wing", Hard, 180, Pattern, NotChain, Pattern;
            }
            slot "u1", 3500, true, uniqueness::find_uniqueness_1 => {
                Uniqueness1: "0600", "u1", "Uniqueness Test 1", Hard, 100, Pattern, NotChain, Pattern;
            }
            slot "u2", 3600, true, uniqueness::find_uniqueness_2 => {
                Uniqueness2: "0601", "u2", "Uniqueness Test 2", Hard, 100, Pattern, NotChain, Pattern;
            }
            slot "u3", 3700, true, uniqueness::find_uniqueness_3 => {
                Uniqueness3: "0602", "u3", "Uniqueness Test 3", Hard, 100, Pattern, NotChain, Pattern;
            }
            slot "u4", 3800, true, uniqueness::find_uniqueness_4 => {
                Uniqueness4: "0603", "u4", "Uniqueness Test 4", Hard, 100, Pattern, NotChain, Pattern;
            }
            slot "u5", 3900, true, uniqueness::find_uniqueness_5 => {
                Uniqueness5: "0604", "u5", "Uniqueness Test 5", Hard, 100, Pattern, NotChain, Pattern;
            }
            slot "u6", 4000, true, uniqueness::find_uniqueness_6 => {
                Uniqueness6: "0605", "u6", "Uniqueness Test 6", Hard, 100, Pattern, NotChain, Pattern;
            }
            slot "hr", 4010, true, uniqueness::find_hidden_rectangle => {
                HiddenRectangle: "0606", "hr", "Hidden Rectangle", Hard, 100, Pattern, NotChain, Pattern;
            }
            slot "ar1", 4020, true, uniqueness::find_avoidable_rectangle_1 => {
                AvoidableRectangle1: "0607", "ar1", "Avoidable Rectangle Type 1", Hard, 100, Pattern, NotChain, Pattern;
            }
            slot "ar2", 4030, true, uniqueness::find_avoidable_rectangle_2 => {
                AvoidableRectangle2: "0608", "ar2", "Avoidable Rectangle Type 2", Hard, 100, Pattern, NotChain, Pattern;
            }
            fish "fbf2", 4100, true => {
                FinnedXWing: "0310", "fbf2", "Finned X-Wing", Hard, 130, Fish(finned, Basic, 2), NotChain, Pattern;
            }
            fish "sbf2", 4200, true => {
                SashimiXWing: "0320", "sbf2", "Sashimi X-Wing", Hard, 150, Fish(sashimi, Basic, 2), NotChain, Pattern;
            }
            fish "fbf3", 4300, true => {
                FinnedSwordfish: "0311", "fbf3", "Finned Swordfish", Unfair, 200, Fish(finned, Basic, 3), NotChain, Pattern;
            }
            fish "sbf3", 4400, true => {
                SashimiSwordfish: "0321", "sbf3", "Sashimi Swordfish", Unfair, 240, Fish(sashimi, Basic, 3), NotChain, Pattern;
            }
            fish "fbf4", 4500, true => {
                FinnedJellyfish: "0312", "fbf4", "Finned Jellyfish", Unfair, 250, Fish(finned, Basic, 4), NotChain, Pattern;
            }
            fish "sbf4", 4600, true => {
                SashimiJellyfish: "0322", "sbf4", "Sashimi Jellyfish", Unfair, 260, Fish(sashimi, Basic, 4), NotChain, Pattern;
            }
            fish "fbf5", 4700, false => {
                FinnedSquirmbag: "0313", "fbf5", "Finned Squirmbag", Unfair, 470, Fish(finned, Basic, 5), NotChain, Pattern;
            }
            fish "sbf5", 4800, false => {
                SashimiSquirmbag: "0323", "sbf5", "Sashimi Squirmbag", Unfair, 470, Fish(sashimi, Basic, 5), NotChain, Pattern;
            }
            fish "fbf6", 4900, false => {
                FinnedWhale: "0314", "fbf6", "Finned Whale", Unfair, 470, Fish(finned, Basic, 6), NotChain, Pattern;
            }
            fish "sbf6", 5000, false => {
                SashimiWhale: "0324", "sbf6", "Sashimi Whale", Unfair, 470, Fish(sashimi, Basic, 6), NotChain, Pattern;
            }
            fish "fbf7", 5100, false => {
                FinnedLeviathan: "0315", "fbf7", "Finned Leviathan", Unfair, 470, Fish(finned, Basic, 7), NotChain, Pattern;
            }
            fish "sbf7", 5200, false => {
                SashimiLeviathan: "0325", "sbf7", "Sashimi Leviathan", Unfair, 470, Fish(sashimi, Basic, 7), NotChain, Pattern;
            }
            slot "sdc", 5300, true, sue_de_coq::find_sue_de_coq => {
                SueDeCoq: "1101", "sdc", "Sue de Coq", Unfair, 250, Sets, NotChain, Eliminated;
            }
            slot "sc", 5330, true, coloring::find_simple_colors => {
                SimpleColorsTrap: "0500", "sc1", "Simple Colors Trap", Hard, 150, Coloring, NotChain, Pattern;
                SimpleColorsWrap: "0501", "sc2", "Simple Colors Wrap", Hard, 150, Coloring, NotChain, Pattern;
            }
            slot "mc", 5360, true, coloring::find_multi_colors => {
                MultiColors1: "0502", "mc1", "Multi Colors 1", Hard, 200, Coloring, NotChain, Pattern;
                MultiColors2: "0503", "mc2", "Multi Colors 2", Hard, 200, Coloring, NotChain, Pattern;
            }
            leads "x", 5400, true, chains::find_x_chain => {
                XChain: "0701", "x", "X-Chain", Unfair, 260, Chain, Chain, Pattern;
            }
            leads "xyc", 5500, true, chains::find_xy_chain => {
                XyChain: "0702", "xyc", "XY-Chain", Unfair, 260, Chain, Chain, Pattern;
            }
            leads "nl", 5600, true, nice_loops::find_nice_loops => {
                ContinuousNiceLoop: "0706", "cnl", "Continuous Nice Loop", Unfair, 280, Chain, Loop, Eliminated;
                DiscontinuousNiceLoop: "0707", "dnl", "Discontinuous Nice Loop", Unfair, 280, Chain, Chain, Eliminated;
                Aic: "0708", "aic", "AIC", Unfair, 280, Chain, Chain, Eliminated;
            }
            leads "gnl", 5650, true, nice_loops::find_grouped_nice_loops => {
                GroupedContinuousNiceLoop: "0709", "gcnl", "Grouped Continuous Nice Loop", Unfair, 300, Chain, Loop, Eliminated;
                GroupedDiscontinuousNiceLoop: "0710", "gdnl", "Grouped Discontinuous Nice Loop", Unfair, 300, Chain, Chain, Eliminated;
                GroupedAic: "0711", "gaic", "Grouped AIC", Unfair, 300, Chain, Chain, Eliminated;
            }
            slot "axz", 5700, true, als::find_als_xz => {
                AlsXz: "0901", "axz", "Almost Locked Set XZ-Rule", Unfair, 300, Sets, NotChain, Eliminated;
            }
            slot "axy", 5800, true, als::find_als_xy_wing => {
                AlsXyWing: "0902", "axy", "Almost Locked Set XY-Wing", Unfair, 320, Sets, NotChain, Eliminated;
            }
            slot "ach", 5900, true, als::find_als_xy_chain => {
                AlsXyChain: "0903", "ach", "Almost Locked Set Chain", Unfair, 340, Sets, NotChain, Eliminated;
            }
            leads "db", 6000, false, als::find_death_blossom => {
                DeathBlossom: "0904", "db", "Death Blossom", Unfair, 360, Sets, NotChain, Eliminated;
            }
            fish "ff2", 6100, true => {
                FrankenXWing: "0330", "ff2", "Franken X-Wing", Unfair, 300, Fish(plain, Franken, 2), NotChain, Pattern;
            }
            fish "ff3", 6200, true => {
                FrankenSwordfish: "0331", "ff3", "Franken Swordfish", Unfair, 350, Fish(plain, Franken, 3), NotChain, Pattern;
            }
            fish "ff4", 6300, false => {
                FrankenJellyfish: "0332", "ff4", "Franken Jellyfish", Unfair, 370, Fish(plain, Franken, 4), NotChain, Pattern;
            }
            fish "ff5", 6400, false => {
                FrankenSquirmbag: "0333", "ff5", "Franken Squirmbag", Extreme, 470, Fish(plain, Franken, 5), NotChain, Pattern;
            }
            fish "ff6", 6500, false => {
                FrankenWhale: "0334", "ff6", "Franken Whale", Extreme, 470, Fish(plain, Franken, 6), NotChain, Pattern;
            }
            fish "ff7", 6600, false => {
                FrankenLeviathan: "0335", "ff7", "Franken Leviathan", Extreme, 470, Fish(plain, Franken, 7), NotChain, Pattern;
            }
            fish "fff2", 6700, true => {
                FinnedFrankenXWing: "0340", "fff2", "Finned Franken X-Wing", Unfair, 390, Fish(finned, Franken, 2), NotChain, Pattern;
            }
            fish "fff3", 6800, true => {
                FinnedFrankenSwordfish: "0341", "fff3", "Finned Franken Swordfish", Unfair, 410, Fish(finned, Franken, 3), NotChain, Pattern;
            }
            fish "fff4", 6900, false => {
                FinnedFrankenJellyfish: "0342", "fff4", "Finned Franken Jellyfish", Unfair, 430, Fish(finned, Franken, 4), NotChain, Pattern;
            }
            fish "fff5", 7000, false => {
                FinnedFrankenSquirmbag: "0343", "fff5", "Finned Franken Squirmbag", Extreme, 470, Fish(finned, Franken, 5), NotChain, Pattern;
            }
            fish "fff6", 7100, false => {
                FinnedFrankenWhale: "0344", "fff6", "Finned Franken Whale", Extreme, 470, Fish(finned, Franken, 6), NotChain, Pattern;
            }
            fish "fff7", 7200, false => {
                FinnedFrankenLeviathan: "0345", "fff7", "Finned Franken Leviathan", Extreme, 470, Fish(finned, Franken, 7), NotChain, Pattern;
            }
            fish "mf2", 7300, false => {
                MutantXWing: "0350", "mf2", "Mutant X-Wing", Extreme, 450, Fish(plain, Mutant, 2), NotChain, Pattern;
            }
            fish "mf3", 7400, false => {
                MutantSwordfish: "0351", "mf3", "Mutant Swordfish", Extreme, 450, Fish(plain, Mutant, 3), NotChain, Pattern;
            }
            fish "mf4", 7500, false => {
                MutantJellyfish: "0352", "mf4", "Mutant Jellyfish", Extreme, 450, Fish(plain, Mutant, 4), NotChain, Pattern;
            }
            fish "mf5", 7600, false => {
                MutantSquirmbag: "0353", "mf5", "Mutant Squirmbag", Extreme, 470, Fish(plain, Mutant, 5), NotChain, Pattern;
            }
            fish "mf6", 7700, false => {
                MutantWhale: "0354", "mf6", "Mutant Whale", Extreme, 470, Fish(plain, Mutant, 6), NotChain, Pattern;
            }
            fish "mf7", 7800, false => {
                MutantLeviathan: "0355", "mf7", "Mutant Leviathan", Extreme, 470, Fish(plain, Mutant, 7), NotChain, Pattern;
            }
            fish "fmf2", 7900, false => {
                FinnedMutantXWing: "0360", "fmf2", "Finned Mutant X-Wing", Extreme, 470, Fish(finned, Mutant, 2), NotChain, Pattern;
            }
            fish "fmf3", 8000, false => {
                FinnedMutantSwordfish: "0361", "fmf3", "Finned Mutant Swordfish", Extreme, 470, Fish(finned, Mutant, 3), NotChain, Pattern;
            }
            fish "fmf4", 8100, false => {
                FinnedMutantJellyfish: "0362", "fmf4", "Finned Mutant Jellyfish", Extreme, 470, Fish(finned, Mutant, 4), NotChain, Pattern;
            }
            fish "fmf5", 8200, false => {
                FinnedMutantSquirmbag: "0363", "fmf5", "Finned Mutant Squirmbag", Extreme, 470, Fish(finned, Mutant, 5), NotChain, Pattern;
            }
            fish "fmf6", 8300, false => {
                FinnedMutantWhale: "0364", "fmf6", "Finned Mutant Whale", Extreme, 470, Fish(finned, Mutant, 6), NotChain, Pattern;
            }
            fish "fmf7", 8400, false => {
                FinnedMutantLeviathan: "0365", "fmf7", "Finned Mutant Leviathan", Extreme, 470, Fish(finned, Mutant, 7), NotChain, Pattern;
            }
            leads "kf", 8450, false, kraken::find_kraken_fish => {
                KrakenFishType1: "0371", "kf1", "Kraken Fish Type 1", Extreme, 500, Kraken, Forcing, Pattern;
                KrakenFishType2: "0372", "kf2", "Kraken Fish Type 2", Extreme, 500, Kraken, Forcing, Pattern;
            }
            leads "fc", 8500, true, forcing::find_forcing_chains => {
                ForcingChainContradiction: "1301", "fcc", "Forcing Chain Contradiction", Extreme, 500, Chain, Forcing, Eliminated;
                ForcingChainVerity: "1302", "fcv", "Forcing Chain Verity", Extreme, 500, Chain, Forcing, Pattern;
            }
            leads "fn", 8600, true, forcing::find_forcing_nets => {
                ForcingNetContradiction: "1303", "fnc", "Forcing Net Contradiction", Extreme, 700, Chain, Forcing, Eliminated;
                ForcingNetVerity: "1304", "fnv", "Forcing Net Verity", Extreme, 700, Chain, Forcing, Pattern;
            }
            slot "ts", 8700, false, templates::template_set => {
                TemplateSet: "1201", "ts", "Template Set", Extreme, 10000, Pattern, NotChain, Pattern;
            }
            slot "td", 8800, false, templates::template_delete => {
                TemplateDelete: "1202", "td", "Template Delete", Extreme, 10000, Pattern, NotChain, Pattern;
            }
            slot "bf", 8900, true, brute_force::brute_force => {
                BruteForce: "xxxx", "bf", "Brute Force", Extreme, 10000, Single, NotChain, Pattern;
            }
        }
    };
}

pub(crate) use technique_rows;
